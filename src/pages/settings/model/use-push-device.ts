import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { useLazyGetPushKeyQuery, useSessionUser, useSubscribePushMutation, useUnsubscribePushMutation } from '@/shared/api';
import { PUSH_OFF_DONE, PUSH_ON_DONE, PUSH_SAVE_FAILED } from '../lib/notification-kinds';
import { browserPushEnvironment, readPushDevice, subscribeDevice, unsubscribeDevice, type PushDeviceState, type PushEnvironment } from '../lib/push-device';

/**
 * The "Push notifications on this device" switch: where push stands in this browser, and turning it
 * on (the permission prompt, the browser's subscription, then the server) or off (the browser
 * first, then the server). A device already on for this member is sent to the server again when
 * the page opens, so it is kept for this session (after signing in again, pushes resume). One turned
 * on by another member who signed in on this browser before shows as off, and is not taken over
 * until this member turns it on.
 */

/** Which member turned push on in this browser (localStorage): the browser's subscription outlives sign-outs. */
const OWNER_KEY = 'pushDeviceOwner';
const ownerOfDevice = () => {
  try {
    return localStorage.getItem(OWNER_KEY);
  } catch {
    return null;
  }
};
const setOwnerOfDevice = (userId: string | null) => {
  try {
    if (userId) localStorage.setItem(OWNER_KEY, userId);
    else localStorage.removeItem(OWNER_KEY);
  } catch {
    // Storage refused (private mode): the switch still works for this page.
  }
};
export function usePushDevice(env: PushEnvironment = browserPushEnvironment()) {
  const [state, setState] = useState<PushDeviceState | 'checking'>('checking');
  const [busy, setBusy] = useState(false);
  const [getKey] = useLazyGetPushKeyQuery();
  const [subscribe] = useSubscribePushMutation();
  const [unsubscribe] = useUnsubscribePushMutation();
  const envRef = useRef(env);
  const { userId } = useSessionUser();

  useEffect(() => {
    if (!userId) return undefined;
    let live = true;
    void readPushDevice(envRef.current).then(({ state: found, subscription }) => {
      if (!live) return;
      const mine = ownerOfDevice() === userId;
      setState(found === 'on' && !mine ? 'off' : found);
      if (subscription && mine) void subscribe(subscription);
    }, () => live && setState('unsupported'));
    return () => {
      live = false;
    };
  }, [subscribe, userId]);

  const turnOn = useCallback(async () => {
    setBusy(true);
    try {
      const publicKey = await getKey(undefined, true).unwrap();
      const outcome = await subscribeDevice(envRef.current, publicKey);
      if (outcome.subscription) {
        await subscribe(outcome.subscription).unwrap();
        setOwnerOfDevice(userId);
      }
      setState(outcome.state);
      if (outcome.state === 'on') toast.success(PUSH_ON_DONE, { toastId: 'push-device' });
    } catch {
      toast.error(PUSH_SAVE_FAILED, { toastId: 'push-device-failed' });
      setState((await readPushDevice(envRef.current).catch(() => ({ state: 'unsupported' as const }))).state);
    } finally {
      setBusy(false);
    }
  }, [getKey, subscribe, userId]);

  const turnOff = useCallback(async () => {
    setBusy(true);
    try {
      const endpoint = await unsubscribeDevice(envRef.current);
      setOwnerOfDevice(null);
      setState('off');
      if (endpoint) await unsubscribe(endpoint).unwrap();
      toast.success(PUSH_OFF_DONE, { toastId: 'push-device' });
    } catch {
      // The browser's subscription is gone either way: the server drops it at its first push (404/410).
      toast.error(PUSH_SAVE_FAILED, { toastId: 'push-device-failed' });
    } finally {
      setBusy(false);
    }
  }, [unsubscribe]);

  return { state, busy, turnOn, turnOff };
}

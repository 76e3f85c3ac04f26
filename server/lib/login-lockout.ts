import { setTimeout as sleep } from 'node:timers/promises';
import ipaddr from 'ipaddr.js';
import type { Limits } from '../config.js';
import type { Db } from '../db/client.js';
import { limitKeys } from './limit-keys.js';
import { clearHits, returnHits, takeCountedHits } from './quota.js';

/**
 * What a password check guesses at, and from where. `target` is `name:<login name lower-cased>` for
 * a login (the name as typed, whether or not an account has it, so no answer depends on that), or
 * `user:<id>` for a signed-in user's password change or sudo confirm (which outsiders cannot reach).
 * `ip` is the client address as Fastify reads it (request.ip, TRUST_PROXY respected).
 */
export interface PasswordCheckTarget {
  target: string;
  ip: string;
}

/**
 * The address a lock is kept for: an IPv4 address as it is, an IPv6 one by its /64 (one household
 * or phone is handed a whole /64, so counting each of its addresses apart would be no lock at all).
 */
export function lockAddress(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const parsed = ipaddr.process(ip);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  return `${(parsed as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16)).join(':')}::/64`;
}

/**
 * Checks of one target that are slowed down run one at a time on this instance, each after its
 * delay, so many addresses cannot have their guesses checked side by side (each waiting out its
 * own delay in parallel would not slow them down). At most `MAX_WAITING` wait; past that the
 * check is refused like a locked one (429), for every name alike, until the queue drains.
 */
const MAX_WAITING = 3;
const turns = new Map<string, { tail: Promise<void>; waiting: number }>();

async function inTurn<T>(target: string, delayMs: number, full: () => Error, run: () => Promise<T>): Promise<T> {
  let turn = turns.get(target);
  if (!turn) {
    turn = { tail: Promise.resolve(), waiting: 0 };
    turns.set(target, turn);
  }
  if (turn.waiting >= MAX_WAITING) throw full();
  turn.waiting++;
  const previous = turn.tail;
  let done!: () => void;
  turn.tail = new Promise<void>((resolve) => { done = resolve; });
  try {
    await previous;
    await sleep(delayMs);
    return await run();
  } finally {
    turn.waiting--;
    if (turn.waiting === 0) turns.delete(target);
    done();
  }
}

/** Login targets are the name typed: a username and an e-mail of one account count apart (see below). */
export const loginTarget = (name: string) => `name:${name.toLowerCase()}`;
export const sudoTarget = (userId: string) => `user:${userId}`;

/**
 * How long a check waits when `before` failed (or running) checks on its target, from all
 * addresses, are in the window: nothing below `loginSlowdownAfter`, then `loginDelayBaseMs`,
 * doubling with each further one, at most `loginDelayMaxMs`.
 */
export function slowdownMs(limits: Limits, before: number): number {
  if (before < limits.loginSlowdownAfter) return 0;
  return Math.min(limits.loginDelayMaxMs, limits.loginDelayBaseMs * 2 ** (before - limits.loginSlowdownAfter));
}

/**
 * Every password check (login, password change, sudo confirm) runs through here. It is counted as
 * a failure *before* it runs, in one locked step (lib/quota.ts), twice:
 * - per (address, target): past `loginFailures` in the window that address gets `full()` (429) for
 *   that target, so a parallel burst from one address gets at most `loginFailures` checks. Other
 *   addresses are untouched: an outsider's guesses never refuse the owner's right password.
 * - per target from all addresses: past `loginSlowdownAfter`, each further check waits
 *   `slowdownMs` (a timer, holding no connection and no CPU) and its turn (`inTurn`: one at a
 *   time per target on an instance, at most MAX_WAITING in line) before the password is checked.
 *   That slows guessing from many addresses down, and the owner's right password still gets in.
 * Addresses are counted as `lockAddress` reads them (IPv6 by its /64).
 * A right password takes its own two counts back and clears its address's count on the target.
 *
 * A username and the e-mail of the same account are different targets on purpose: if failures on
 * one counted toward the other, the lock or the delay on an e-mail would tell whether it belongs to
 * a username someone failed on. So an account has two counts (twice the guesses at most), and every
 * answer is the same whether the name is known, unknown or an e-mail.
 */
export async function checkPasswordGuarded(
  db: Db,
  limits: Limits,
  { target, ip }: PasswordCheckTarget,
  full: () => Error,
  verify: () => Promise<boolean>,
): Promise<boolean> {
  const fromHere = limitKeys.passwordChecksFrom(target, lockAddress(ip));
  const { ids, before } = await takeCountedHits(db, [
    { key: fromHere, max: limits.loginFailures, windowMs: limits.loginLockWindowMs },
    { key: limitKeys.passwordChecks(target), max: Number.POSITIVE_INFINITY, windowMs: limits.loginLockWindowMs },
  ], full);
  const delay = slowdownMs(limits, before[1]);
  const right = delay > 0 ? await inTurn(target, delay, full, verify) : await verify();
  if (right) {
    await returnHits(db, [ids[1]]);
    await clearHits(db, [fromHere]);
  }
  return right;
}

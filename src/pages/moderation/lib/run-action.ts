import { toast } from 'react-toastify';
import { getErrorMessage } from '@/shared/api';
import { MODERATION_TEXTS } from '../config/labels';

/**
 * Runs a moderation mutation (`trigger(args)`): on success the server's message as a toast and null,
 * else the text the dialog shows (the server's message), so what the moderator typed stays.
 */
export async function runAction(request: { unwrap: () => Promise<{ status: boolean; message: string }> }, done: string): Promise<string | null> {
  try {
    const result = await request.unwrap();
    if (!result.status) return result.message || MODERATION_TEXTS.failed;
    toast.success(result.message || done);
    return null;
  } catch (failure) {
    return getErrorMessage(failure, MODERATION_TEXTS.failed);
  }
}

import { FormAlert } from '../form-alert';

/** 'Moderators hid this: <reason>' ('Moderators hid this.' without a reason). */
export const hiddenNoticeText = (reason: string) => (reason.trim() ? `Moderators hid this: ${reason.trim()}` : 'Moderators hid this.');

/**
 * What the author of a record moderators hid sees on it (only the author is sent `moderation`):
 * hidden from everyone else, and why. Nothing when the record is not hidden.
 */
export function HiddenNotice({ moderation }: { moderation?: { hidden: boolean; reason: string } | null }) {
  if (!moderation?.hidden) return null;
  return <FormAlert tone="info" message={hiddenNoticeText(moderation.reason)} />;
}

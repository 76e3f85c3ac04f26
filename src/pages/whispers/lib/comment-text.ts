import { COMMENT_MAX } from '@/shared/api';

/** The server's words for a comment's text (server/modules/comments/validation.ts), shown before it is asked. */
export const COMMENT_TEXTS = {
  empty: 'Comment cannot be empty.',
  tooLong: `Comment must be at most ${COMMENT_MAX.toLocaleString('en-US')} characters.`,
} as const;

/** Characters as the server counts them (code points: an emoji is one), so the counter and the server agree. */
export const commentLength = (text: string) => [...text.trim()].length;

/** The rule a comment's text breaks, or undefined when it may be sent. */
export function commentError(text: string): string | undefined {
  const length = commentLength(text);
  if (length === 0) return COMMENT_TEXTS.empty;
  if (length > COMMENT_MAX) return COMMENT_TEXTS.tooLong;
  return undefined;
}

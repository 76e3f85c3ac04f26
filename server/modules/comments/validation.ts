import { fail, type Checked } from '../../lib/checked.js';
import { controlCharsExceptBreaks } from '../../lib/text.js';
import { COMMENT_MAX } from './schemas.js';

export const COMMENT_TEXTS = {
  empty: 'Comment cannot be empty.',
  tooLong: `Comment must be at most ${COMMENT_MAX.toLocaleString('en-US')} characters.`,
  invalid: 'Comment contains invalid characters.',
};

/**
 * A comment's text, trimmed with its line breaks made LF, or the rule it breaks (field 'text').
 * Characters are counted as Postgres counts them (code points), so an emoji is one, as the
 * table's check and the form's counter count it.
 */
export function checkCommentText(raw: string | undefined): Checked<string> {
  const text = raw?.replace(/\r\n?/g, '\n').trim() ?? '';
  if (!text) return fail(COMMENT_TEXTS.empty, 'text');
  if (controlCharsExceptBreaks.test(text)) return fail(COMMENT_TEXTS.invalid, 'text');
  if ([...text].length > COMMENT_MAX) return fail(COMMENT_TEXTS.tooLong, 'text');
  return { ok: true, value: text };
}

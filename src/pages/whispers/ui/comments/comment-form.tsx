import { useState, type FormEvent } from 'react';
import { COMMENT_MAX } from '@/shared/api';
import { Button } from '@/shared/ui/button';
import { TextAreaField } from '@/shared/ui/text-field';
import { COMMENT_TEXTS, commentError } from '../../lib/comment-text';

interface CommentFormProps {
  /** The textarea's label ('Add a comment', 'Reply to Rohan Das', 'Edit your comment'). */
  label: string;
  submitLabel: string;
  /** The button's words while the text is being sent ('Posting...'). */
  busyLabel: string;
  initialText?: string;
  /** Sends the text: resolves to the message to show when it failed (the text stays), or undefined. */
  onSubmit: (text: string) => Promise<string | undefined>;
  onCancel?: () => void;
  autoFocus?: boolean;
  /** Start again with an empty box once sent (a new comment); an edit's form closes instead. */
  clearOnSuccess?: boolean;
  className?: string;
}

const MAX_TEXT = COMMENT_MAX.toLocaleString('en-US');

/**
 * A comment's text: a labelled textarea with a 1,000-character counter, the rule's message before
 * anything is sent, 'Posting...' while it is, and the server's message when it failed, with the text
 * kept so nothing typed is lost.
 */
export function CommentForm({ label, submitLabel, busyLabel, initialText = '', onSubmit, onCancel, autoFocus, clearOnSuccess = false, className }: CommentFormProps) {
  const [text, setText] = useState(initialText);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  // Counted as the server counts: an emoji is one character.
  const count = [...text].length;
  const over = count > COMMENT_MAX;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const broken = commentError(text);
    if (broken) {
      setError(broken);
      return;
    }
    setBusy(true);
    setError(undefined);
    const failed = await onSubmit(text.trim());
    setBusy(false);
    if (failed) {
      setError(failed);
      return;
    }
    if (clearOnSuccess) setText('');
  };

  return (
    <form className={['comment-form', className].filter(Boolean).join(' ')} onSubmit={(event) => void submit(event)} noValidate>
      <TextAreaField
        label={label}
        value={text}
        rows={3}
        autoFocus={autoFocus}
        onChange={(event) => {
          setText(event.target.value);
          // A message about the length goes once the text fits again; one about an empty text once something is typed.
          if (error) setError(undefined);
        }}
        error={error ?? (over ? COMMENT_TEXTS.tooLong : undefined)}
        hint={
          <span className={over ? 'comment-form__count comment-form__count--over' : 'comment-form__count'}>
            {count.toLocaleString('en-US')} of {MAX_TEXT} characters
          </span>
        }
      />
      <div className="comment-form__actions">
        {onCancel && (
          <Button variant="ghost" size="sm" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
        )}
        <Button type="submit" size="sm" disabled={busy} aria-busy={busy || undefined}>
          {busy ? busyLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}

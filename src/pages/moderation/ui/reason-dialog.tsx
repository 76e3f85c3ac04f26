import { useState, type FormEvent, type ReactNode } from 'react';
import { MODERATION_REASON_MAX } from '@/shared/api';
import { Button } from '@/shared/ui/button';
import { FormAlert } from '@/shared/ui/form-alert';
import { Modal } from '@/shared/ui/modal';
import { TextAreaField, TextField } from '@/shared/ui/text-field';
import { MODERATION_TEXTS } from '../config/labels';
import { firstUntilDay, untilFromDay } from '../lib/until';

export interface ReasonValues {
  reason: string;
  /** An ISO date-time, or undefined for none. */
  until?: string;
}

interface ReasonDialogProps {
  open: boolean;
  title: string;
  /** What the action does, above the fields. */
  children?: ReactNode;
  submitLabel: string;
  busyLabel: string;
  /** Hide and Suspend need a reason; the others take one if given. */
  reasonRequired?: boolean;
  /** Suspend: an optional last day. */
  withUntil?: boolean;
  /** Runs the action; answers the text to show when it failed, null when done (the dialog then closes). */
  onSubmit: (values: ReasonValues) => Promise<string | null>;
  onClose: () => void;
}

/** A moderation action's dialog: a reason (logged in the audit log), and for a suspension its end. */
export function ReasonDialog({ open, title, onClose, ...form }: ReasonDialogProps) {
  return (
    <Modal open={open} onClose={onClose} title={title} className="moderation-dialog">
      <ReasonForm {...form} onClose={onClose} />
    </Modal>
  );
}

function ReasonForm({ children, submitLabel, busyLabel, reasonRequired = false, withUntil = false, onSubmit, onClose }: Omit<ReasonDialogProps, 'open' | 'title'>) {
  const [reason, setReason] = useState('');
  const [day, setDay] = useState('');
  const [errors, setErrors] = useState<{ reason?: string; until?: string }>({});
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  const tooLong = reason.length > MODERATION_REASON_MAX;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const until = withUntil ? untilFromDay(day) : '';
    const found = {
      reason: reasonRequired && reason.trim() === '' ? MODERATION_TEXTS.reasonRequired : undefined,
      until: until === null ? MODERATION_TEXTS.untilInPast : undefined,
    };
    setErrors(found);
    setFailure('');
    if (found.reason || found.until || tooLong) return;
    setBusy(true);
    const problem = await onSubmit({ reason: reason.trim(), ...(until ? { until } : {}) });
    setBusy(false);
    if (problem) setFailure(problem);
    else onClose();
  };

  return (
    <form noValidate className="moderation-dialog__form" onSubmit={(event) => void submit(event)} aria-busy={busy || undefined}>
      {children && <div className="moderation-dialog__text">{children}</div>}
      <FormAlert message={failure} />
      <TextAreaField
        label={reasonRequired ? 'Reason' : 'Reason (optional)'}
        rows={3}
        value={reason}
        required={reasonRequired}
        onChange={(event) => setReason(event.target.value)}
        hint={`${reason.length} of ${MODERATION_REASON_MAX} characters. Kept in the audit log.`}
        error={errors.reason ?? (tooLong ? `The reason must be at most ${MODERATION_REASON_MAX} characters.` : undefined)}
      />
      {withUntil && (
        <TextField
          label="Suspended until (optional)"
          type="date"
          min={firstUntilDay()}
          value={day}
          onChange={(event) => setDay(event.target.value)}
          hint="Leave empty to suspend until a moderator lifts it."
          error={errors.until}
        />
      )}
      <div className="moderation-dialog__actions">
        <Button variant="secondary" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" variant="danger" disabled={busy} aria-busy={busy || undefined}>
          {busy ? busyLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}

import { useId, useRef, useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import {
  getErrorMessage, REPORT_DETAILS_MAX, REPORT_REASONS, REPORT_THANKS, useReportContentMutation, type ReportItemType, type ReportReason,
} from '@/shared/api';
import { Button } from '@/shared/ui/button';
import { FormAlert } from '@/shared/ui/form-alert';
import { Modal } from '@/shared/ui/modal';
import { TextAreaField } from '@/shared/ui/text-field';
import { detailsCount, REPORT_TEXTS } from '../lib/report-form';
import './report-dialog.css';

interface ReportDialogProps {
  open: boolean;
  onClose: () => void;
  itemType: ReportItemType;
  itemId: string;
}

/** The dialog titled 'Report': a reason, optional details, 'Send report' and 'Cancel'. */
export function ReportDialog({ open, onClose, itemType, itemId }: ReportDialogProps) {
  return (
    <Modal open={open} onClose={onClose} title="Report" className="report-dialog">
      {/* Its own component, so what was typed goes when the dialog closes and stays while it is open. */}
      <ReportForm itemType={itemType} itemId={itemId} onDone={onClose} />
    </Modal>
  );
}

function ReportForm({ itemType, itemId, onDone }: { itemType: ReportItemType; itemId: string; onDone: () => void }) {
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [details, setDetails] = useState('');
  const [reasonError, setReasonError] = useState('');
  const [failure, setFailure] = useState('');
  const [report, { isLoading }] = useReportContentMutation();
  const firstReason = useRef<HTMLInputElement>(null);
  const legendId = useId();
  const reasonErrorId = useId();
  const tooLong = details.length > REPORT_DETAILS_MAX;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isLoading) return;
    setFailure('');
    if (!reason) {
      setReasonError(REPORT_TEXTS.reasonRequired);
      firstReason.current?.focus();
      return;
    }
    if (tooLong) return;
    try {
      const result = await report({ itemType, itemId, reason, details: details.trim() || undefined }).unwrap();
      toast.success(result.message || REPORT_THANKS);
      onDone();
    } catch (error) {
      setFailure(getErrorMessage(error, REPORT_TEXTS.failed));
    }
  };

  return (
    <form noValidate className="report-dialog__form" onSubmit={(event) => void submit(event)} aria-busy={isLoading || undefined}>
      <FormAlert message={failure} />
      <fieldset
        className="report-dialog__reasons"
        aria-describedby={reasonError ? reasonErrorId : undefined}
        aria-invalid={reasonError ? true : undefined}
      >
        <legend id={legendId} className="report-dialog__legend">
          Why are you reporting this?
        </legend>
        {REPORT_REASONS.map((option, index) => (
          <label key={option.value} className="report-dialog__reason">
            <input
              ref={index === 0 ? firstReason : undefined}
              type="radio"
              name="reason"
              value={option.value}
              checked={reason === option.value}
              onChange={() => {
                setReason(option.value);
                setReasonError('');
              }}
            />
            <span>{option.label}</span>
          </label>
        ))}
        {reasonError && (
          <p id={reasonErrorId} className="report-dialog__error">
            {reasonError}
          </p>
        )}
      </fieldset>
      <TextAreaField
        label="Details"
        rows={4}
        value={details}
        onChange={(event) => setDetails(event.target.value)}
        hint={detailsCount(details.length)}
        error={tooLong ? REPORT_TEXTS.detailsTooLong : undefined}
        placeholder="What happened? (optional)"
      />
      <div className="report-dialog__actions">
        <Button variant="secondary" onClick={onDone} disabled={isLoading}>
          Cancel
        </Button>
        <Button type="submit" variant="danger" disabled={isLoading || tooLong} aria-busy={isLoading || undefined}>
          {isLoading ? 'Sending...' : 'Send report'}
        </Button>
      </div>
    </form>
  );
}

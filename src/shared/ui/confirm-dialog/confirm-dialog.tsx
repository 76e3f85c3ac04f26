import { useRef, type ReactNode } from 'react';
import { Button } from '../button';
import { Modal } from '../modal';
import './confirm-dialog.css';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** 'danger' for destructive actions: a red confirm button, and focus starts on Cancel. */
  tone?: 'primary' | 'danger';
  /** While the confirmed action runs: both buttons disabled, the confirm button says so. */
  busy?: boolean;
  busyLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/** "Are you sure?" before an action: a modal dialog with Confirm and Cancel. */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel = 'Confirm',
  cancelLabel = 'Cancel',
  tone = 'primary',
  busy = false,
  busyLabel,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const confirmRef = useRef<HTMLButtonElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);

  return (
    <Modal
      open={open}
      onClose={busy ? () => undefined : onCancel}
      title={title}
      initialFocusRef={tone === 'danger' ? cancelRef : confirmRef}
      className="confirm-dialog"
    >
      {children && <div className="confirm-dialog__text">{children}</div>}
      <div className="confirm-dialog__actions">
        <Button ref={cancelRef} variant="secondary" onClick={onCancel} disabled={busy}>
          {cancelLabel}
        </Button>
        <Button
          ref={confirmRef}
          variant={tone === 'danger' ? 'danger' : 'primary'}
          onClick={onConfirm}
          disabled={busy}
          aria-busy={busy || undefined}
        >
          {busy && busyLabel ? busyLabel : confirmLabel}
        </Button>
      </div>
    </Modal>
  );
}

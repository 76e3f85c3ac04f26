import { SUBMIT_MESSAGES } from '@/shared/config';
import { Button } from '../button';
import { Modal } from '../modal';
import './error-dialog.css';

/** The boards' failure dialog (spec §8 'Error', then the error's message): open while there is a message. */
export function ErrorDialog({ message, onClose }: { message: string | null; onClose: () => void }) {
  return (
    <Modal open={message !== null} onClose={onClose} title={SUBMIT_MESSAGES.error}>
      <p className="error-dialog__message" role="alert">
        {message}
      </p>
      <Button block onClick={onClose}>
        OK
      </Button>
    </Modal>
  );
}

import { toast } from 'react-toastify';
import { SUBMIT_MESSAGES } from '@/shared/config';
import './success-toast.css';

/**
 * A success alert with a dialog-like title over its text: the event and skill forms' 'Success' /
 * 'Event created!' (spec §8, "also for skills"), a challenge's 'Successfully Joined!'.
 */
export function toastSuccess(text: string, title: string = SUBMIT_MESSAGES.success) {
  toast.success(
    <span className="success-toast">
      <strong className="success-toast__title">{title}</strong> <span>{text}</span>
    </span>,
  );
}

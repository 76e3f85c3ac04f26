import { toast } from 'react-toastify';
import { SUBMIT_MESSAGES } from '@/shared/config';
import './success-toast.css';

/**
 * The success alert of the event and skill forms (spec §8 'Success / Event created!', "also for
 * skills"): the dialog-like title 'Success' over its text.
 */
export function toastSuccess(text: string) {
  toast.success(
    <span className="success-toast">
      <strong className="success-toast__title">{SUBMIT_MESSAGES.success}</strong> <span>{text}</span>
    </span>,
  );
}

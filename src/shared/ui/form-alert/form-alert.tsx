import { Icon } from '../icon';
import './form-alert.css';

interface FormAlertProps {
  message: string | null | undefined;
  tone?: 'error' | 'success' | 'info';
}

/** A form-level message (a failed submit, a notice), announced by screen readers. Renders nothing when empty. */
export function FormAlert({ message, tone = 'error' }: FormAlertProps) {
  if (!message) return null;
  return (
    <div className={`form-alert form-alert--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      <Icon name={tone === 'success' ? 'check' : 'info'} size={20} />
      <p>{message}</p>
    </div>
  );
}

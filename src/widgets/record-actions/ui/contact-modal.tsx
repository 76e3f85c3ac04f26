import { useSelector } from 'react-redux';
import { selectIsLoggedIn } from '@/shared/auth';
import { paths } from '@/shared/config';
import { Button, ButtonAnchor, ButtonLink } from '@/shared/ui/button';
import { Icon } from '@/shared/ui/icon';
import { Modal } from '@/shared/ui/modal';
import { LoadingState } from '@/shared/ui/spinner';
import { TextField } from '@/shared/ui/text-field';
import './contact-modal.css';

interface ContactModalProps {
  open: boolean;
  onClose: () => void;
  title?: string;
  /** Whose details these are (a need's poster, an event's organiser, a skill's owner). */
  name?: string;
  email?: string;
  phone?: string;
  /**
   * The server sends contact details to signed-in callers only, so without a session there is
   * nothing to show but a way to log in. Defaults to the session's state.
   */
  signedIn?: boolean;
  /** The details are being fetched (the Contact button asks the server for them). */
  loading?: boolean;
  /** Why they could not be fetched (the server's words, e.g. past the hourly allowance), with a way to try again. */
  error?: string;
  onRetry?: () => void;
}

/** The contact modal fades in and out over this long. */
const FADE_MS = 300;

/** A `tel:` address from a phone number as people type it: its digits, with a leading + kept. */
export const telHref = (phone: string): string => {
  const trimmed = phone.trim();
  return `tel:${trimmed.startsWith('+') ? '+' : ''}${trimmed.replace(/\D/g, '')}`;
};

/**
 * The contact details of a board entry in a dialog: read-only e-mail and phone (easy to select and
 * copy on a phone) and a Call link when there is a number. A widget rather than shared UI because it
 * knows about the session and links to the login page.
 */
export function ContactModal({ open, onClose, title = 'Contact', name, email, phone, signedIn, loading, error, onRetry }: ContactModalProps) {
  const sessionSignedIn = useSelector(selectIsLoggedIn);
  const isSignedIn = signedIn ?? sessionSignedIn;
  const trimmedEmail = email?.trim();
  const trimmedPhone = phone?.trim();
  const dialable = trimmedPhone !== undefined && /\d/.test(trimmedPhone);

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={title}
      enterDuration={FADE_MS}
      exitDuration={FADE_MS}
      className="contact-modal"
    >
      {name && <p className="contact-modal__name">{name}</p>}
      {!isSignedIn ? (
        <div className="contact-modal__login">
          <p className="contact-modal__text">Log in to see the contact details.</p>
          <ButtonLink to={paths.login()} block>
            Login
          </ButtonLink>
        </div>
      ) : loading ? (
        <LoadingState label="Loading contact details" />
      ) : error ? (
        <div className="contact-modal__error">
          <p className="contact-modal__text" role="alert">
            {error}
          </p>
          {onRetry && (
            <Button variant="secondary" block onClick={onRetry}>
              Try again
            </Button>
          )}
        </div>
      ) : !trimmedEmail && !trimmedPhone ? (
        <p className="contact-modal__text">No contact details given.</p>
      ) : (
        <div className="contact-modal__fields">
          {trimmedEmail && <TextField label="Email" type="email" value={trimmedEmail} readOnly />}
          {trimmedPhone && <TextField label="Phone" type="tel" value={trimmedPhone} readOnly />}
          {dialable && (
            <ButtonAnchor href={telHref(trimmedPhone)} block className="contact-modal__call">
              <Icon name="phone" size={18} />
              Call
            </ButtonAnchor>
          )}
        </div>
      )}
    </Modal>
  );
}

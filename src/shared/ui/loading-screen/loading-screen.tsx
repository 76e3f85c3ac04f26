import { Logo } from '../logo';
import { Spinner } from '../spinner';
import './loading-screen.css';

interface LoadingScreenProps {
  /** Large line (e.g. 'Login Successful!'); optional. */
  title?: string;
  message: string;
  spinnerLabel?: string;
  brandName: string;
}

/** Full-screen logo + spinner + text: the home splash and the login success view. */
export function LoadingScreen({ title, message, spinnerLabel = 'Loading', brandName }: LoadingScreenProps) {
  return (
    <div className="loading-screen" aria-busy="true">
      <div className="loading-screen__inner">
        <div className="loading-screen__logo">
          <Logo size={88} alt={brandName} />
        </div>
        {title && <h1 className="loading-screen__title">{title}</h1>}
        <Spinner size="lg" label={spinnerLabel} />
        <p className="loading-screen__message">{message}</p>
      </div>
    </div>
  );
}

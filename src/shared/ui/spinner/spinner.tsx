import './spinner.css';

interface SpinnerProps {
  /** Accessible name announced by screen readers. */
  label?: string;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}

export function Spinner({ label = 'Loading', size = 'md', className }: SpinnerProps) {
  return (
    <span
      role="status"
      aria-label={label}
      className={['spinner', `spinner--${size}`, className].filter(Boolean).join(' ')}
    />
  );
}

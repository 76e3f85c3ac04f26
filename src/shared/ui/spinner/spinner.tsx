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

/** What a page or a panel shows while its content loads: a large spinner, centred in the space the content will take. */
export function LoadingState({ label }: { label: string }) {
  return (
    <div className="loading-state">
      <Spinner size="lg" label={label} />
    </div>
  );
}

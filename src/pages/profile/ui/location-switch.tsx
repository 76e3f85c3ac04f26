import type { DetectFailure } from '@/features/detect-location';
import { Spinner } from '@/shared/ui/spinner';
import { Switch } from '@/shared/ui/switch';

interface LocationSwitchProps {
  on: boolean;
  busy: boolean;
  error: DetectFailure | null;
  onToggle: (next: boolean) => void;
}

/** The 'Use Current Location' switch with its progress and failure lines. */
export function LocationSwitch({ on, busy, error, onToggle }: LocationSwitchProps) {
  return (
    <div className="location-switch">
      <Switch label="Use Current Location" checked={on} onChange={onToggle} />
      {busy && (
        <p className="location-switch__status">
          <Spinner size="sm" label="Detecting location" />
          <span>Detecting your location...</span>
        </p>
      )}
      {error && (
        <div className="location-switch__error" role="alert">
          <p>{error.message}</p>
          {error.hint && <p className="location-switch__hint">{error.hint}</p>}
        </div>
      )}
    </div>
  );
}

import type { DetectFailure } from '@/features/detect-location';
import { Spinner } from '@/shared/ui/spinner';

interface LocationSwitchProps {
  on: boolean;
  busy: boolean;
  error: DetectFailure | null;
  onToggle: (next: boolean) => void;
}

/** A labelled on/off switch (a checkbox with the switch role) with its progress and failure lines. */
export function LocationSwitch({ on, busy, error, onToggle }: LocationSwitchProps) {
  return (
    <div className="location-switch">
      <label className="location-switch__control">
        <input
          type="checkbox"
          role="switch"
          className="location-switch__input"
          checked={on}
          onChange={(event) => onToggle(event.target.checked)}
        />
        <span className="location-switch__track" aria-hidden="true">
          <span className="location-switch__thumb" />
        </span>
        <span className="location-switch__label">Use Current Location</span>
      </label>
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

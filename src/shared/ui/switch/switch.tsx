import type { ReactNode } from 'react';
import './switch.css';

interface SwitchProps {
  label: ReactNode;
  checked: boolean;
  onChange: (next: boolean) => void;
  disabled?: boolean;
  /** The id of a text that explains the switch (its accessible description). */
  describedBy?: string;
  className?: string;
}

/**
 * A labelled on/off switch: a native checkbox with the switch role (Space toggles it, forms and
 * screen readers know it), drawn as a track and thumb.
 */
export function Switch({ label, checked, onChange, disabled = false, describedBy, className }: SwitchProps) {
  return (
    <label className={['switch', disabled && 'switch--disabled', className].filter(Boolean).join(' ')}>
      <input
        type="checkbox"
        role="switch"
        className="switch__input"
        checked={checked}
        disabled={disabled}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span className="switch__track" aria-hidden="true">
        <span className="switch__thumb" />
      </span>
      <span className="switch__label">{label}</span>
    </label>
  );
}

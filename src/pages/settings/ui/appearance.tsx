import { useId } from 'react';
import { THEME_CHOICES, useThemeChoice, type ThemeChoice } from '@/shared/lib/theme';
import { Card } from '@/shared/ui/card';
import { Icon, type IconName } from '@/shared/ui/icon';
import './appearance.css';

const OPTIONS: Record<ThemeChoice, { label: string; icon: IconName }> = {
  system: { label: 'System', icon: 'monitor' },
  light: { label: 'Light', icon: 'sun' },
  dark: { label: 'Dark', icon: 'moon' },
};

/**
 * Settings → Appearance: the theme of this device (System, Light or Dark), applied at once and kept
 * on the device (shared/lib/theme), not on the account: a phone and a laptop may differ.
 */
export function Appearance() {
  const [choice, setChoice] = useThemeChoice();
  const hintId = useId();
  const name = useId();

  return (
    <Card as="section" panel className="settings-appearance" aria-labelledby="settings-appearance">
      <h2 id="settings-appearance" className="settings-card__title">
        Appearance
      </h2>
      <fieldset className="appearance" aria-describedby={hintId}>
        <legend className="appearance__legend">Theme</legend>
        <div className="appearance__options">
          {THEME_CHOICES.map((value) => (
            <label key={value} className="appearance__option">
              <input
                type="radio"
                name={name}
                value={value}
                checked={choice === value}
                onChange={() => setChoice(value)}
              />
              <Icon name={OPTIONS[value].icon} size={20} />
              <span>{OPTIONS[value].label}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <p id={hintId} className="appearance__hint">
        System follows your device&apos;s light or dark setting. The choice is kept on this device.
      </p>
    </Card>
  );
}

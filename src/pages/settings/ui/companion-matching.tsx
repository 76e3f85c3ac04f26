import { useId } from 'react';
import { toast } from 'react-toastify';
import { Link } from 'react-router-dom';
import { useSetCompanionMatchingMutation, type User } from '@/shared/api';
import { paths } from '@/shared/config';
import { Card } from '@/shared/ui/card';
import { Switch } from '@/shared/ui/switch';
import { MATCHING_LABEL, MATCHING_OFF, MATCHING_ON } from '../lib/messages';

/**
 * The companion switch (off until turned on). It shows the own profile's value, which the mutation
 * changes at once and puts back, with a short notice, if the server refuses (shared/api). It waits
 * while the profile is being read (an answer arriving after a change would undo it on screen) and
 * while a change is under way, so a second click cannot race the first.
 */
export function CompanionMatching({ user, reading }: { user: User | null; reading: boolean }) {
  const [setMatching, { isLoading }] = useSetCompanionMatchingMutation();
  const hintId = useId();

  const toggle = async (enabled: boolean) => {
    if (!user) return;
    try {
      const result = await setMatching({ userId: user._id, enabled }).unwrap();
      toast.success(result.message || (result.enabled ? MATCHING_ON : MATCHING_OFF));
    } catch {
      // Rolled back and said so by the mutation.
    }
  };

  return (
    <Card as="section" panel className="settings-companions" aria-labelledby="settings-companions">
      <h2 id="settings-companions" className="settings-card__title">
        Travel companions
      </h2>
      <Switch
        label={MATCHING_LABEL}
        checked={user?.companionMatching ?? false}
        disabled={!user || reading || isLoading}
        describedBy={hintId}
        onChange={(next) => void toggle(next)}
      />
      <p id={hintId} className="settings-companions__hint">
        Travellers going where your upcoming trips go, on overlapping days, who turned this on too, see your name, username and photo on{' '}
        <Link to={paths.companions()}>Companions</Link>, never your e-mail or phone.
      </p>
    </Card>
  );
}

import { useId } from 'react';
import { daysText } from '@/entities/trip';
import { getFullName, UserAvatar } from '@/entities/user';
import type { Companion } from '@/shared/api';
import { paths } from '@/shared/config';
import { formatDateRange } from '@/shared/lib/date';
import { ButtonLink } from '@/shared/ui/button';
import { Card } from '@/shared/ui/card';
import { FactList } from '@/shared/ui/fact-list';
import { Icon } from '@/shared/ui/icon';

/** A traveller whose trip overlaps one of the user's: who, where, when, for how long, and a way to say hello. Never contact details. */
export function CompanionCard({ companion }: { companion: Companion }) {
  const { user, trip, overlapDays } = companion;
  const nameId = useId();
  return (
    <Card as="li" className="companion-card">
      <div className="companion-card__who">
        <UserAvatar user={user} size={64} />
        <div>
          <h2 id={nameId} className="companion-card__name">
            {getFullName(user)}
          </h2>
          <p className="companion-card__username">@{user.username}</p>
        </div>
      </div>
      <FactList
        facts={[
          { icon: 'location', label: 'Destination', value: trip.to },
          { icon: 'calendar', label: 'Dates', value: formatDateRange(trip.startDate, trip.endDate) },
        ]}
      />
      <p className="companion-card__overlap">You overlap {daysText(overlapDays)}</p>
      <ButtonLink variant="secondary" to={paths.messages.bySender(user._id)} aria-describedby={nameId} className="companion-card__message">
        <Icon name="mail" size={18} />
        Message
      </ButtonLink>
    </Card>
  );
}

import { useId } from 'react';
import { getFullName, UserAvatar } from '@/entities/user';
import type { Companion } from '@/shared/api';
import { paths } from '@/shared/config';
import { ButtonLink } from '@/shared/ui/button';
import { Icon } from '@/shared/ui/icon';
import { formatDateRange } from '@/shared/lib/date';
import { daysText } from '../lib/dates';

/** A traveller whose trip overlaps one of the user's: who, where, when, for how long, and a way to say hello. Never contact details. */
export function CompanionCard({ companion }: { companion: Companion }) {
  const { user, trip, overlapDays } = companion;
  const nameId = useId();
  return (
    <li className="companion-card">
      <div className="companion-card__who">
        <UserAvatar user={user} size={64} />
        <div>
          <h2 id={nameId} className="companion-card__name">
            {getFullName(user)}
          </h2>
          <p className="companion-card__username">@{user.username}</p>
        </div>
      </div>
      <dl className="companion-card__facts">
        <div>
          <dt>
            <Icon name="location" size={16} />
            Destination
          </dt>
          <dd>{trip.to}</dd>
        </div>
        <div>
          <dt>
            <Icon name="calendar" size={16} />
            Dates
          </dt>
          <dd>{formatDateRange(trip.startDate, trip.endDate)}</dd>
        </div>
      </dl>
      <p className="companion-card__overlap">You overlap {daysText(overlapDays)}</p>
      <ButtonLink variant="secondary" to={paths.messages.bySender(user._id)} aria-describedby={nameId} className="companion-card__message">
        <Icon name="mail" size={18} />
        Message
      </ButtonLink>
    </li>
  );
}

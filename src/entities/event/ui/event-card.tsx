import { Link } from 'react-router-dom';
import type { TravelEvent } from '@/shared/api';
import { paths } from '@/shared/config';
import { Icon } from '@/shared/ui/icon';
import { formatDateRange } from '@/shared/lib/date';
import './event-card.css';

/** '3 going', '3 going · 12 places', 'Full · 12 places'. */
export function goingText({ goingCount, capacity }: Pick<TravelEvent, 'goingCount' | 'capacity'>): string {
  if (capacity === null) return `${goingCount} going`;
  const places = `${capacity} ${capacity === 1 ? 'place' : 'places'}`;
  return goingCount >= capacity ? `Full · ${places}` : `${goingCount} going · ${places}`;
}

/**
 * A card of the board: thumbnail (its space reserved), title, dates, address and how many are
 * going, linking to the event; `note` says where the reader stands ('On the waitlist'). `first`:
 * the board's first card, whose picture is the screen's largest: asked for at once, first, not
 * when layout finds it in view.
 */
export function EventCard({ event, note, first = false }: { event: TravelEvent; note?: string; first?: boolean }) {
  return (
    <li>
      <Link className="event-card" to={paths.events.byId(event._id)}>
        <span className="event-card__media">
          {event.thumbnail && (
            <img
              className="event-card__image"
              src={event.thumbnail}
              alt=""
              width={400}
              height={225}
              loading={first ? 'eager' : 'lazy'}
              fetchPriority={first ? 'high' : undefined}
              decoding="async"
            />
          )}
        </span>
        <span className="event-card__body">
          <span className="event-card__title">{event.title}</span>
          <span className="event-card__meta">
            <Icon name="calendar" size={16} />
            {formatDateRange(event.startDate, event.endDate)}
          </span>
          {event.address && (
            <span className="event-card__meta">
              <Icon name="location" size={16} />
              {event.address}
            </span>
          )}
          {note && <span className="event-card__note">{note}</span>}
          {(event.goingCount > 0 || event.capacity !== null) && (
            <span className="event-card__meta">
              <Icon name="user" size={16} />
              {goingText(event)}
            </span>
          )}
        </span>
      </Link>
    </li>
  );
}

import { useState } from 'react';
import { EventCard } from '@/entities/event';
import { useGetEventsInfiniteQuery } from '@/shared/api';
import { getAppConfig, paths } from '@/shared/config';
import { useInfiniteList } from '@/shared/lib/infinite-list';
import { Button, ButtonLink } from '@/shared/ui/button';
import { EmptyState } from '@/shared/ui/empty-state';
import { PageHeader } from '@/shared/ui/page-header';
import { PageMeta } from '@/shared/ui/page-meta';
import { PagedList } from '@/shared/ui/paged-list';
import { useSearchText } from '@/shared/ui/search-field';
import { TextField } from '@/shared/ui/text-field';
import './events.css';

/** /events: the board, newest first, filtered on the server by text and start day; more on scroll. */
export function EventsPage() {
  const search = useSearchText();
  const [date, setDate] = useState('');
  const query = useGetEventsInfiniteQuery({ q: search.settled, date });
  const list = useInfiniteList(query);
  const filtered = search.text !== '' || date !== '';

  return (
    <div className="page events-page">
      <PageMeta title={`Events | ${getAppConfig().brandName}`} description="Meetups, walks and clean-ups travellers are organising." />
      <PageHeader title="Events">
        <ButtonLink to={paths.events.add()}>+ Add Event</ButtonLink>
      </PageHeader>
      <div className="events-filters" role="search" aria-label="Event filters">
        <TextField
          label="Search events"
          type="search"
          value={search.text}
          onChange={(change) => search.setText(change.target.value)}
          placeholder="Title, description or address"
          autoComplete="off"
        />
        <TextField label="Filter by date" type="date" value={date} onChange={(change) => setDate(change.target.value)} />
        {filtered && (
          <Button
            variant="ghost"
            className="events-filters__clear"
            onClick={() => {
              search.setText('');
              setDate('');
            }}
          >
            Clear
          </Button>
        )}
      </div>
      <PagedList
        list={list}
        label="Events"
        busy={query.isFetching}
        loadingLabel="Loading events"
        failure="Could not load events"
        onRetry={query.refetch}
        empty={<EmptyState icon="event" title="No Events Found" description={filtered ? 'Try other words or another day.' : 'Be the first to add one.'} />}
        renderItem={(event, index) => <EventCard key={event._id} event={event} first={index === 0} />}
      />
    </div>
  );
}

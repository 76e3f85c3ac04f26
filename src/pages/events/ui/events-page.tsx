import { useEffect, useState } from 'react';
import { EventCard } from '@/entities/event';
import { useGetEventsInfiniteQuery } from '@/shared/api';
import { getAppConfig, paths } from '@/shared/config';
import { useInfiniteList } from '@/shared/lib/infinite-list';
import { Button, ButtonLink } from '@/shared/ui/button';
import { EmptyState } from '@/shared/ui/empty-state';
import { LoadFailure } from '@/shared/ui/load-failure';
import { PageMeta } from '@/shared/ui/page-meta';
import { Spinner } from '@/shared/ui/spinner';
import { TextField } from '@/shared/ui/text-field';
import './events.css';

/** The search is sent once typing has paused this long. */
const SEARCH_PAUSE_MS = 300;

/** The text as typed, settled: it follows `value` once it has not changed for `delay` ms. */
function useDebounced(value: string, delay: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), delay);
    return () => window.clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/** /events: the board, newest first, filtered on the server by text and start day; more on scroll. */
export function EventsPage() {
  const [search, setSearch] = useState('');
  const [date, setDate] = useState('');
  const q = useDebounced(search.trim(), SEARCH_PAUSE_MS);
  const query = useGetEventsInfiniteQuery({ q, date });
  const list = useInfiniteList(query);
  const filtered = search !== '' || date !== '';

  let content;
  if (list.isLoading) {
    content = (
      <div className="events-loading">
        <Spinner size="lg" label="Loading events" />
      </div>
    );
  } else if (query.isError && list.items.length === 0) {
    content = <LoadFailure title="Could not load events" onRetry={query.refetch} />;
  } else if (list.items.length === 0) {
    content = (
      <EmptyState
        icon="event"
        title="No Events Found"
        description={filtered ? 'Try other words or another day.' : 'Be the first to add one.'}
      />
    );
  } else {
    content = (
      <>
        <ul className="events-grid" aria-label="Events" aria-busy={query.isFetching || undefined}>
          {list.items.map((event) => (
            <EventCard key={event._id} event={event} />
          ))}
        </ul>
        {list.hasMore && (
          <div className="events-more">
            <Button variant="secondary" onClick={list.loadMore} disabled={list.isFetchingMore}>
              {list.isFetchingMore ? 'Loading...' : 'Load more'}
            </Button>
          </div>
        )}
        <div ref={list.sentinelRef} className="events-sentinel" aria-hidden="true" />
      </>
    );
  }

  return (
    <div className="page events-page">
      <PageMeta title={`Events | ${getAppConfig().brandName}`} description="Meetups, walks and clean-ups travellers are organising." />
      <header className="events-page__header">
        <h1 className="page-title">Events</h1>
        <ButtonLink to={paths.events.add()}>+ Add Event</ButtonLink>
      </header>
      <div className="events-filters" role="search" aria-label="Event filters">
        <TextField
          label="Search events"
          type="search"
          value={search}
          onChange={(change) => setSearch(change.target.value)}
          placeholder="Title, description or address"
          autoComplete="off"
        />
        <TextField label="Filter by date" type="date" value={date} onChange={(change) => setDate(change.target.value)} />
        {filtered && (
          <Button
            variant="ghost"
            className="events-filters__clear"
            onClick={() => {
              setSearch('');
              setDate('');
            }}
          >
            Clear
          </Button>
        )}
      </div>
      {content}
    </div>
  );
}

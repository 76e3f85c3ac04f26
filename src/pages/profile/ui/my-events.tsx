import { useState } from 'react';
import { EventCard } from '@/entities/event';
import { useGetMyEventsQuery, type MyEvent, type MyEvents as Lists } from '@/shared/api';
import { paths } from '@/shared/config';
import { ButtonLink } from '@/shared/ui/button';
import { Card, CardGrid } from '@/shared/ui/card';
import { EmptyState } from '@/shared/ui/empty-state';
import { LoadFailure } from '@/shared/ui/load-failure';
import { LoadingState } from '@/shared/ui/spinner';
import { Tabs } from '@/shared/ui/tabs';

type ListKey = keyof Lists;

const TABS: readonly { key: ListKey; label: string; empty: string }[] = [
  { key: 'going', label: 'Going', empty: 'You are not going to any upcoming event.' },
  { key: 'interested', label: 'Interested', empty: 'No upcoming event marked as interesting.' },
  { key: 'organised', label: 'Organised', empty: 'You are not organising any upcoming event.' },
  { key: 'past', label: 'Past', empty: 'No past events yet.' },
];

/** Where the member stands, on a card of their own lists. */
const noteOf = (event: MyEvent, list: ListKey) => (list === 'going' && event.myStatus === 'waiting' ? 'On the waitlist' : undefined);

/** "My events" on the profile: the events the member goes to, is interested in, organises, and went to. */
export function MyEvents() {
  const [tab, setTab] = useState<ListKey>('going');
  const { data, isLoading, isError, refetch } = useGetMyEventsQuery();
  const current = TABS.find((item) => item.key === tab)!;

  let panel;
  if (isLoading) panel = <LoadingState label="Loading your events" />;
  else if (isError || !data) panel = <LoadFailure title="Could not load your events" compact onRetry={refetch} />;
  else if (data[tab].length === 0) {
    panel = <EmptyState icon="event" title={current.empty} action={<ButtonLink variant="secondary" size="sm" to={paths.events.root()}>Browse events</ButtonLink>} />;
  } else {
    panel = (
      <CardGrid aria-label={`${current.label} events`}>
        {data[tab].map((event) => <EventCard key={event._id} event={event} note={noteOf(event, tab)} />)}
      </CardGrid>
    );
  }

  return (
    <Card as="section" panel className="my-events" aria-labelledby="my-events-title">
      <h2 id="my-events-title" className="profile-card__title">
        My events
      </h2>
      <Tabs
        label="My events"
        idBase="my-events"
        selected={tab}
        onSelect={setTab}
        tabs={TABS.map(({ key, label }) => ({ key, label: data ? `${label} (${data[key].length})` : label }))}
      />
      <div id="my-events-panel" role="tabpanel" aria-labelledby={`my-events-tab-${tab}`} className="my-events__panel">
        {panel}
      </div>
    </Card>
  );
}

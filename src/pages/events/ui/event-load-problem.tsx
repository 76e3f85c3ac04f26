import { paths } from '@/shared/config';
import { ButtonLink } from '@/shared/ui/button';
import { EmptyState } from '@/shared/ui/empty-state';
import { RecordFallback } from '@/shared/ui/load-failure';

/**
 * The event while it cannot be shown: loading, not found (a link back to the board), or not loaded
 * (retry). Its title is the page's h1 on the detail page, an h2 under the edit page's own title.
 */
export function EventLoadProblem({ query, heading = 'h1' }: { query: { isLoading: boolean; error?: unknown; refetch: () => unknown }; heading?: 'h1' | 'h2' }) {
  return (
    <RecordFallback
      query={query}
      loading="Loading event"
      titleAs={heading}
      failure="Could not load this event"
      missing={
        <EmptyState
          titleAs={heading}
          title="Event not found"
          description="It may have been deleted, or the link is wrong."
          action={<ButtonLink to={paths.events.root()}>Back to Events</ButtonLink>}
        />
      }
    />
  );
}

import type { ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { isNotFound, useGetEventQuery } from '@/shared/api';
import { paths } from '@/shared/config';
import { ButtonLink } from '@/shared/ui/button';
import { EmptyState } from '@/shared/ui/empty-state';
import { LoadFailure } from '@/shared/ui/load-failure';
import { LoadingState } from '@/shared/ui/spinner';

/** 404, and 400 for an id that is not one at all: there is no such event, whatever the reason. */
const isMissing = (error: unknown) =>
  isNotFound(error) || (typeof error === 'object' && error !== null && 'status' in error && error.status === 400);

/**
 * The event of the route, or what to show instead: a spinner, 'not found' (a link back to the
 * board), or 'not loaded' (retry). Its title is the page's h1 on the detail page, an h2 under the
 * edit page's own title.
 */
export function useRouteEvent(heading: 'h1' | 'h2') {
  const { id = '' } = useParams();
  const { data: event, isLoading, isError, error, refetch } = useGetEventQuery(id);
  let problem: ReactNode = null;
  if (isLoading) {
    problem = <LoadingState label="Loading event" />;
  } else if (!event && (!isError || isMissing(error))) {
    problem = (
      <EmptyState
        titleAs={heading}
        title="Event not found"
        description="It may have been deleted, or the link is wrong."
        action={<ButtonLink to={paths.events.root()}>Back to Events</ButtonLink>}
      />
    );
  } else if (isError || !event) {
    problem = <LoadFailure titleAs={heading} title="Could not load this event" onRetry={refetch} />;
  }
  return { id, event: problem ? undefined : event, problem };
}

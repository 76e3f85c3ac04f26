import { paths } from '@/shared/config';
import { isNotFound } from '@/shared/api';
import { ButtonLink } from '@/shared/ui/button';
import { EmptyState } from '@/shared/ui/empty-state';
import { LoadFailure } from '@/shared/ui/load-failure';

/** 404, and 400 for an id that is not one at all: there is no such event, whatever the reason. */
export const isMissing = (error: unknown) =>
  isNotFound(error) || (typeof error === 'object' && error !== null && 'status' in error && error.status === 400);

/**
 * An event that could not be shown: not found (a link back to the board), or not loaded (retry). Its
 * title is the page's h1 on the detail page, an h2 under the edit page's own title.
 */
export function EventLoadProblem({ missing, onRetry, heading = 'h1' }: { missing: boolean; onRetry: () => void; heading?: 'h1' | 'h2' }) {
  return missing ? (
    <EmptyState
      titleAs={heading}
      title="Event not found"
      description="It may have been deleted, or the link is wrong."
      action={<ButtonLink to={paths.events.root()}>Back to Events</ButtonLink>}
    />
  ) : (
    <LoadFailure titleAs={heading} title="Could not load this event" onRetry={onRetry} />
  );
}

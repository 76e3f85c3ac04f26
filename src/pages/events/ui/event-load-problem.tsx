import { paths } from '@/shared/config';
import { Button, ButtonLink } from '@/shared/ui/button';
import { EmptyState } from '@/shared/ui/empty-state';

/** 404, and 400 for an id that is not one at all: there is no such event, whatever the reason. */
export const isMissing = (error: unknown) =>
  typeof error === 'object' && error !== null && 'status' in error && (error.status === 404 || error.status === 400);

/** An event that could not be shown: not found (a link back to the board), or not loaded (retry). */
export function EventLoadProblem({ missing, onRetry }: { missing: boolean; onRetry: () => void }) {
  return missing ? (
    <EmptyState
      title="Event not found"
      description="It may have been deleted, or the link is wrong."
      action={<ButtonLink to={paths.events.root()}>Back to Events</ButtonLink>}
    />
  ) : (
    <EmptyState
      title="Could not load this event"
      description="Check your connection and try again."
      action={<Button onClick={onRetry}>Try again</Button>}
    />
  );
}

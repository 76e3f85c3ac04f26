import { Button } from '../button';
import { EmptyState } from '../empty-state';
import type { IconName } from '../icon';

/** What a screen says under its title when a list or a record did not come. */
const CHECK_CONNECTION = 'Check your connection and try again.';

interface LoadFailureProps {
  /** What did not come, in the screen's words ('Could not load skills'). */
  title: string;
  /** Asks again (the query's `refetch`). */
  onRetry: () => unknown;
  /** 'Check your connection and try again.' unless the screen says otherwise; null for none. */
  description?: string | null;
  /** A heading when the failure is all a page shows (see EmptyState). */
  titleAs?: 'p' | 'h1' | 'h2';
  icon?: IconName;
  /** A small secondary button, for a panel beside the page (the notifications sidebar). */
  compact?: boolean;
}

/** A list or a record that could not be loaded: what did not come, and 'Try again'. */
export function LoadFailure({ title, onRetry, description = CHECK_CONNECTION, titleAs, icon, compact = false }: LoadFailureProps) {
  const action = (
    <Button variant={compact ? 'secondary' : 'primary'} size={compact ? 'sm' : 'md'} onClick={() => void onRetry()}>
      Try again
    </Button>
  );
  return <EmptyState title={title} description={description ?? undefined} titleAs={titleAs} icon={icon} action={action} />;
}

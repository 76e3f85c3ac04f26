import type { ReactNode } from 'react';
import { isNotFound } from '@/shared/api';
import type { IconName } from '../icon';
import { LoadingState } from '../spinner';
import { LoadFailure } from './load-failure';

interface RecordFallbackProps {
  /** The query of the record, while the page has no record to show. */
  query: { isLoading: boolean; error?: unknown; refetch: () => unknown };
  /** The spinner's name ('Loading skill'). */
  loading: string;
  /** The screen's words for a record that did not come ('Could not load this skill'). */
  failure: string;
  /** What a record that is not there shows (its 'not found', with a way back). */
  missing: ReactNode;
  titleAs?: 'p' | 'h1' | 'h2';
  icon?: IconName;
}

/**
 * What a record's page shows in its place: a spinner while it loads, 'not found' when the server
 * says it is not there (isNotFound) (or nothing came), and the failure with 'Try again' when it did not load,
 * which stays up while the retry runs.
 */
export function RecordFallback({ query, loading, failure, missing, titleAs, icon }: RecordFallbackProps) {
  if (query.isLoading) return <LoadingState label={loading} />;
  if (query.error && !isNotFound(query.error)) return <LoadFailure titleAs={titleAs} icon={icon} title={failure} onRetry={query.refetch} />;
  return missing;
}

import type { ReactNode } from 'react';
import type { IconName } from '@/shared/ui/icon';
import { EmptyState } from '@/shared/ui/empty-state';
import { LoadFailure } from '@/shared/ui/load-failure';
import { LoadingState } from '@/shared/ui/spinner';

interface SectionStateProps<T> {
  query: { data?: T[]; isLoading: boolean; error?: unknown; refetch: () => unknown };
  /** The spinner's name ('Loading reports'). */
  loading: string;
  failure: string;
  empty: string;
  icon?: IconName;
  children: (items: T[]) => ReactNode;
}

/** A moderation list: a spinner, its failure with 'Try again', its empty text, or the list. */
export function SectionState<T>({ query, loading, failure, empty, icon = 'shield', children }: SectionStateProps<T>) {
  if (query.isLoading) return <LoadingState label={loading} />;
  if (!query.data && query.error) return <LoadFailure title={failure} onRetry={query.refetch} icon={icon} />;
  if (!query.data || query.data.length === 0) return <EmptyState title={empty} icon={icon} />;
  return children(query.data);
}

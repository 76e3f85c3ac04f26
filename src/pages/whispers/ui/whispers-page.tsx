import { useState } from 'react';
import { RELATIVE_TIME_REFRESH_MS, WhisperCard } from '@/entities/whisper';
import { useGetWhispersInfiniteQuery } from '@/shared/api';
import { getAppConfig, paths } from '@/shared/config';
import { useInfiniteList } from '@/shared/lib/infinite-list';
import { useDebouncedValue } from '@/shared/lib/use-debounced-value';
import { useNow } from '@/shared/lib/use-now';
import { Button, ButtonLink } from '@/shared/ui/button';
import { EmptyState } from '@/shared/ui/empty-state';
import { LoadFailure } from '@/shared/ui/load-failure';
import { PageMeta } from '@/shared/ui/page-meta';
import { Spinner } from '@/shared/ui/spinner';
import { TextField } from '@/shared/ui/text-field';
import { LikeButton } from './like-button';
import './whispers.css';

/** The server is asked once the typing has paused this long. */
export const SEARCH_DEBOUNCE_MS = 300;

/** /whispers: travellers' short stories, newest first, searchable, loading more as the end comes into view. */
export function WhispersPage() {
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search, SEARCH_DEBOUNCE_MS).trim();
  const query = useGetWhispersInfiniteQuery(q ? { q } : {});
  const list = useInfiniteList(query);
  const now = useNow(RELATIVE_TIME_REFRESH_MS);

  let content;
  if (list.isLoading) {
    content = (
      <div className="whispers-page__loading">
        <Spinner size="lg" label="Loading whispers" />
      </div>
    );
  } else if (list.items.length === 0 && list.error) {
    content = <LoadFailure title="Could not load whispers" onRetry={query.refetch} />;
  } else if (list.items.length === 0) {
    content = (
      <EmptyState
        icon="whisper"
        title="No Whispers Found"
        description={q ? 'Try another word: a place, a title or a category.' : 'Be the first to share a travel story.'}
        action={q ? undefined : <ButtonLink to={paths.whispers.create()}>Share the first whisper</ButtonLink>}
      />
    );
  } else {
    content = (
      <>
        <ul className="whispers-page__list" aria-label="Whispers">
          {list.items.map((whisper) => (
            <WhisperCard key={whisper._id} whisper={whisper} now={now} actions={<LikeButton whisper={whisper} />} />
          ))}
        </ul>
        {list.hasMore && (
          <div className="whispers-page__more">
            <Button variant="secondary" onClick={list.loadMore} disabled={list.isFetchingMore}>
              {list.isFetchingMore ? 'Loading...' : 'Load more'}
            </Button>
          </div>
        )}
        <div ref={list.sentinelRef} className="whispers-page__sentinel" aria-hidden="true" />
      </>
    );
  }

  return (
    <div className="page whispers-page">
      <PageMeta title={`Whispers | ${getAppConfig().brandName}`} description="Short travel stories: hidden gems, adventures and places to remember." />
      <div className="whispers-page__header">
        <h1 className="page-title">Whispers</h1>
        <ButtonLink to={paths.whispers.create()} size="sm">
          + New Whisper
        </ButtonLink>
      </div>
      <div className="whispers-page__search" role="search">
        <TextField
          label="Search whispers"
          type="search"
          name="q"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder="A place, a title or a category"
          autoComplete="off"
          maxLength={200}
        />
      </div>
      {content}
    </div>
  );
}

import { RELATIVE_TIME_REFRESH_MS, WhisperCard } from '@/entities/whisper';
import { LikeButton } from '@/features/like-whisper';
import { useGetWhispersInfiniteQuery } from '@/shared/api';
import { getAppConfig, paths } from '@/shared/config';
import { useInfiniteList } from '@/shared/lib/infinite-list';
import { useNow } from '@/shared/lib/use-now';
import { ButtonLink } from '@/shared/ui/button';
import { EmptyState } from '@/shared/ui/empty-state';
import { PageHeader } from '@/shared/ui/page-header';
import { PageMeta } from '@/shared/ui/page-meta';
import { PagedList } from '@/shared/ui/paged-list';
import { SearchField, useSearchText } from '@/shared/ui/search-field';
import './whispers.css';

/** /whispers: travellers' short stories, newest first, searchable, loading more as the end comes into view. */
export function WhispersPage() {
  const search = useSearchText();
  const q = search.settled;
  const query = useGetWhispersInfiniteQuery(q ? { q } : {});
  const list = useInfiniteList(query);
  const now = useNow(RELATIVE_TIME_REFRESH_MS);

  return (
    <div className="page whispers-page">
      <PageMeta title={`Whispers | ${getAppConfig().brandName}`} description="Short travel stories: hidden gems, adventures and places to remember." />
      <PageHeader title="Whispers">
        <ButtonLink to={paths.whispers.create()} size="sm">
          + New Whisper
        </ButtonLink>
      </PageHeader>
      <SearchField label="Search whispers" placeholder="A place, a title or a category" value={search.text} onChange={search.setText} />
      <PagedList
        list={list}
        label="Whispers"
        loadingLabel="Loading whispers"
        failure="Could not load whispers"
        onRetry={query.refetch}
        empty={
          <EmptyState
            icon="whisper"
            title="No Whispers Found"
            description={q ? 'Try another word: a place, a title or a category.' : 'Be the first to share a travel story.'}
            action={q ? undefined : <ButtonLink to={paths.whispers.create()}>Share the first whisper</ButtonLink>}
          />
        }
        renderItem={(whisper) => <WhisperCard key={whisper._id} whisper={whisper} now={now} actions={<LikeButton whisper={whisper} />} />}
      />
    </div>
  );
}

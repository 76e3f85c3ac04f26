import { useState } from 'react';
import { SkillCard } from '@/entities/skill';
import { useGetSkillsInfiniteQuery } from '@/shared/api';
import { getAppConfig, paths } from '@/shared/config';
import { useInfiniteList } from '@/shared/lib/infinite-list';
import { Button, ButtonLink } from '@/shared/ui/button';
import { EmptyState } from '@/shared/ui/empty-state';
import { LoadFailure } from '@/shared/ui/load-failure';
import { PageMeta } from '@/shared/ui/page-meta';
import { Spinner } from '@/shared/ui/spinner';
import { TextField } from '@/shared/ui/text-field';
import { useDebouncedValue } from '@/shared/lib/use-debounced-value';
import './skills-page.css';

/** The server is asked once the typing has paused this long. */
export const SEARCH_DEBOUNCE_MS = 300;

/** /skills: the board's skills, newest first, searchable, loading more as the end comes into view. */
export function SkillsPage() {
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search, SEARCH_DEBOUNCE_MS).trim();
  const query = useGetSkillsInfiniteQuery(q ? { q } : {});
  const list = useInfiniteList(query);

  let content;
  if (list.isLoading) {
    content = (
      <div className="skills-page__loading">
        <Spinner size="lg" label="Loading skills" />
      </div>
    );
  } else if (list.items.length === 0 && list.error) {
    // Not 'No Skills Found': nothing says there are none, the list just did not come.
    content = <LoadFailure title="Could not load skills" onRetry={query.refetch} />;
  } else if (list.items.length === 0) {
    content = (
      <EmptyState
        icon="search"
        title="No Skills Found"
        description={q ? 'Try another word: a category, a title or a place.' : 'Be the first to offer a skill.'}
      />
    );
  } else {
    content = (
      <>
        <ul className="skills-page__list" aria-label="Skills">
          {list.items.map((skill) => (
            <SkillCard key={skill._id} skill={skill} />
          ))}
        </ul>
        {list.hasMore && (
          <div className="skills-page__more">
            <Button variant="secondary" onClick={list.loadMore} disabled={list.isFetchingMore}>
              {list.isFetchingMore ? 'Loading...' : 'Load more'}
            </Button>
          </div>
        )}
        <div ref={list.sentinelRef} className="skills-page__sentinel" aria-hidden="true" />
      </>
    );
  }

  return (
    <div className="page skills-page">
      <PageMeta title={`Skills | ${getAppConfig().brandName}`} description="Skills travellers offer: photography, repairs and more." />
      <div className="skills-page__header">
        <h1 className="page-title">Skills</h1>
        <ButtonLink to={paths.skills.add()} size="sm">
          + Add Skills
        </ButtonLink>
      </div>
      <div className="skills-page__search" role="search">
        <TextField
          label="Search skills"
          type="search"
          name="q"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder="Category, title, description or address"
          autoComplete="off"
          maxLength={200}
        />
      </div>
      {content}
    </div>
  );
}

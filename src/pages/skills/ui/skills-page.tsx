import { SkillCard } from '@/entities/skill';
import { useGetSkillsInfiniteQuery } from '@/shared/api';
import { getAppConfig, paths } from '@/shared/config';
import { useInfiniteList } from '@/shared/lib/infinite-list';
import { ButtonLink } from '@/shared/ui/button';
import { EmptyState } from '@/shared/ui/empty-state';
import { PageHeader } from '@/shared/ui/page-header';
import { PageMeta } from '@/shared/ui/page-meta';
import { PagedList } from '@/shared/ui/paged-list';
import { SearchField, useSearchText } from '@/shared/ui/search-field';
import './skills-page.css';

/** /skills: the board's skills, newest first, searchable, loading more as the end comes into view. */
export function SkillsPage() {
  const search = useSearchText();
  const q = search.settled;
  const query = useGetSkillsInfiniteQuery(q ? { q } : {});
  const list = useInfiniteList(query);

  return (
    <div className="page skills-page">
      <PageMeta title={`Skills | ${getAppConfig().brandName}`} description="Skills travellers offer: photography, repairs and more." />
      <PageHeader title="Skills">
        <ButtonLink to={paths.skills.add()} size="sm">
          + Add Skills
        </ButtonLink>
      </PageHeader>
      <SearchField label="Search skills" placeholder="Category, title, description or address" value={search.text} onChange={search.setText} />
      <PagedList
        list={list}
        label="Skills"
        loadingLabel="Loading skills"
        failure="Could not load skills"
        onRetry={query.refetch}
        empty={
          <EmptyState
            icon="search"
            title="No Skills Found"
            description={q ? 'Try another word: a category, a title or a place.' : 'Be the first to offer a skill.'}
          />
        }
        renderItem={(skill) => <SkillCard key={skill._id} skill={skill} />}
      />
    </div>
  );
}

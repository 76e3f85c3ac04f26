import { useSearchParams } from 'react-router-dom';
import { NeedCard } from '@/entities/need';
import { useGetNeedsInfiniteQuery, type NeedType } from '@/shared/api';
import { getAppConfig, paths } from '@/shared/config';
import { useInfiniteList } from '@/shared/lib/infinite-list';
import { ButtonLink } from '@/shared/ui/button';
import { EmptyState } from '@/shared/ui/empty-state';
import { PageHeader } from '@/shared/ui/page-header';
import { PageMeta } from '@/shared/ui/page-meta';
import { PagedList } from '@/shared/ui/paged-list';
import { Tabs, type TabItem } from '@/shared/ui/tabs';
import './needs.css';

type TabKey = 'all' | NeedType;

const TABS: readonly TabItem<TabKey>[] = [
  { key: 'all', label: 'All' },
  { key: 'available', label: 'Available' },
  { key: 'need', label: 'Needs' },
];

// Spec §2 Needs: each tab's empty state.
const EMPTY: Record<TabKey, { title: string; text: string; link: string }> = {
  all: { title: 'No needs found', text: 'There are currently no needs or offers available.', link: 'Create the first need' },
  need: { title: 'No requests found', text: 'No one has requested help yet.', link: 'Create the first request' },
  available: { title: 'No offers found', text: 'No one has offered services yet.', link: 'Create the first offer' },
};

const ID_BASE = 'needs';

/** One tab's list: the server filters by type; pages load on scroll or with 'Load more'. */
function NeedList({ tab }: { tab: TabKey }) {
  const query = useGetNeedsInfiniteQuery(tab === 'all' ? {} : { type: tab });
  const empty = EMPTY[tab];
  return (
    <PagedList
      list={useInfiniteList(query)}
      busy={query.isFetching}
      loadingLabel="Loading needs"
      failure="Could not load the needs"
      onRetry={query.refetch}
      empty={<EmptyState title={empty.title} description={empty.text} action={<ButtonLink to={paths.needs.create()}>{empty.link}</ButtonLink>} />}
      renderItem={(need) => (
        <li key={need._id}>
          <NeedCard need={need} />
        </li>
      )}
    />
  );
}

/** /needs: the board of needs and offers (spec §2 Needs). */
export function NeedsPage() {
  // The tab lives in the address (?type=), so Back from a need returns to the same tab.
  const [params, setParams] = useSearchParams();
  const type = params.get('type');
  const tab: TabKey = type === 'need' || type === 'available' ? type : 'all';
  const setTab = (next: TabKey) => setParams(next === 'all' ? {} : { type: next }, { replace: true });

  return (
    <div className="page needs-page">
      <PageMeta title={`Traveler's Needs | ${getAppConfig().brandName}`} description="What travellers need and what they offer nearby." />
      <PageHeader title="Traveler's Needs">
        <ButtonLink to={paths.needs.create()} size="sm">
          + New Need
        </ButtonLink>
      </PageHeader>
      <Tabs label="Show" tabs={TABS} selected={tab} onSelect={setTab} idBase={ID_BASE} />
      <div role="tabpanel" id={`${ID_BASE}-panel`} aria-labelledby={`${ID_BASE}-tab-${tab}`} className="needs-page__panel">
        {/* Keyed by tab: each tab keeps its own cached pages. */}
        <NeedList key={tab} tab={tab} />
      </div>
    </div>
  );
}

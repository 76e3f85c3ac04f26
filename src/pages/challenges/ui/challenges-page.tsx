import { skipToken } from '@reduxjs/toolkit/query/react';
import { useSelector } from 'react-redux';
import { Link, useSearchParams } from 'react-router-dom';
import { BadgeCard, ChallengeCard, stepsDone, travellersText } from '@/entities/challenge';
import { SignedOut } from '@/features/require-login';
import { useGetChallengesQuery, useGetJoinedChallengesQuery, type Challenge, type JoinedChallenge } from '@/shared/api';
import { selectUserId } from '@/shared/auth';
import { getAppConfig, paths } from '@/shared/config';
import { CardGrid } from '@/shared/ui/card';
import { EmptyState } from '@/shared/ui/empty-state';
import { LoadFailure } from '@/shared/ui/load-failure';
import { PageMeta } from '@/shared/ui/page-meta';
import { LoadingState } from '@/shared/ui/spinner';
import { Tabs, type TabItem } from '@/shared/ui/tabs';
import './challenges.css';

type TabKey = 'challenges' | 'mychallenges' | 'badges';

// Spec §4: the page's tab is one of challenges, mychallenges, badges (kept in the address, so a
// reload or the back button returns to it).
const TABS: readonly TabItem<TabKey>[] = [
  { key: 'challenges', label: 'Challenges' },
  { key: 'mychallenges', label: 'My Challenges' },
  { key: 'badges', label: 'My Badges' },
];
const ID_BASE = 'challenge-tabs';

export const CHALLENGE_EMPTY = {
  challenges: { title: 'No Challenges Available', text: 'New travel challenges are on their way. Check back soon.' },
  mychallenges: { title: 'No Challenges Joined', text: 'Join a challenge from the Challenges tab and track your steps here.' },
  badges: { title: 'No Badges Earned', text: 'Finish every step of a challenge you joined to earn its badge.' },
} as const;

const isTab = (value: string | null): value is TabKey => TABS.some((tab) => tab.key === value);

function ChallengeList<T extends Challenge>({ label, challenges, to, footer }: { label: string; challenges: T[]; to: (id: string) => string; footer: (challenge: T) => string }) {
  return (
    <CardGrid aria-label={label}>
      {challenges.map((challenge) => (
        <ChallengeCard key={challenge._id} challenge={challenge} to={to(challenge._id)} footer={footer(challenge)} />
      ))}
    </CardGrid>
  );
}

const LoadFailed = ({ retry }: { retry: () => unknown }) => <LoadFailure title="Could not load challenges" onRetry={retry} />;

function AllChallenges() {
  const { data, isLoading, error, refetch } = useGetChallengesQuery();
  if (isLoading) return <LoadingState label="Loading challenges" />;
  if (!data && error) return <LoadFailed retry={refetch} />;
  if (!data || data.length === 0) {
    return <EmptyState icon="trophy" title={CHALLENGE_EMPTY.challenges.title} description={CHALLENGE_EMPTY.challenges.text} />;
  }
  return (
    <ChallengeList
      label="Challenges"
      challenges={data}
      to={paths.challenges.detail}
      footer={(challenge) => `${challenge.participationSteps.length} steps · ${travellersText(challenge.participantIds.length)}`}
    />
  );
}

function Mine({ badges }: { badges: boolean }) {
  const userId = useSelector(selectUserId);
  const { data, isLoading, error, refetch } = useGetJoinedChallengesQuery(userId ?? skipToken);
  if (!userId) {
    return <SignedOut titleAs="p" description="Log in to see the challenges you joined and the badges you earned." />;
  }
  if (isLoading) return <LoadingState label={badges ? 'Loading badges' : 'Loading your challenges'} />;
  if (!data && error) return <LoadFailed retry={refetch} />;
  const shown: JoinedChallenge[] = badges ? (data ?? []).filter((challenge) => challenge.progress.completedAt !== null) : (data ?? []);
  if (shown.length === 0) {
    const empty = badges ? CHALLENGE_EMPTY.badges : CHALLENGE_EMPTY.mychallenges;
    return (
      <EmptyState
        icon={badges ? 'sparkle' : 'trophy'}
        title={empty.title}
        description={empty.text}
        action={<Link to={`${paths.challenges.root()}?tab=challenges`}>Browse challenges</Link>}
      />
    );
  }
  if (badges) {
    // Spec §2: a badge card opens the challenge's detail.
    return (
      <CardGrid aria-label="Badges">
        {shown.map((challenge) => (
          <BadgeCard key={challenge._id} challenge={challenge} />
        ))}
      </CardGrid>
    );
  }
  return (
    <ChallengeList
      label="My challenges"
      challenges={shown}
      to={paths.challenges.joined}
      footer={(challenge) => (challenge.progress.completedAt ? 'Completed · badge earned' : stepsDone(challenge))}
    />
  );
}

/** /challenges: spec §2's three tabs. */
export function ChallengesPage() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: TabKey = isTab(requested) ? requested : 'challenges';
  const select = (next: TabKey) => setParams(next === 'challenges' ? {} : { tab: next }, { replace: true });

  return (
    <div className="page challenges">
      <PageMeta title={`Travel Challenges | ${getAppConfig().brandName}`} description="Join travel challenges, tick off their steps and earn badges." />
      <h1 className="page-title">Travel Challenges</h1>
      <Tabs label="Challenges" tabs={TABS} selected={tab} onSelect={select} idBase={ID_BASE} />
      <div role="tabpanel" id={`${ID_BASE}-panel`} aria-labelledby={`${ID_BASE}-tab-${tab}`} className="challenges__panel">
        {tab === 'challenges' ? <AllChallenges /> : <Mine key={tab} badges={tab === 'badges'} />}
      </div>
    </div>
  );
}

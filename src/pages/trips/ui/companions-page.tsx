import type { ReactNode } from 'react';
import { useSelector } from 'react-redux';
import { Link } from 'react-router-dom';
import { useGetCompanionsQuery, type Companion } from '@/shared/api';
import { selectIsLoggedIn } from '@/shared/auth';
import { getAppConfig, paths } from '@/shared/config';
import { ButtonLink } from '@/shared/ui/button';
import { CardGrid } from '@/shared/ui/card';
import { LoadFailure } from '@/shared/ui/load-failure';
import { Icon } from '@/shared/ui/icon';
import { PageMeta } from '@/shared/ui/page-meta';
import { LoadingState } from '@/shared/ui/spinner';
import { StatusPage } from '@/shared/ui/status-page';
import { MATCHING_SWITCH_LABEL } from '../config/messages';
import { CompanionCard } from './companion-card';
import './trips.css';

/** Why there is no list yet, and so what to do about it. */
type Reason = 'logged-out' | 'matching-off' | 'no-overlap';

function HowTo({ reason }: { reason: Reason }) {
  const plan = <Link to={paths.planTrip()}>Plan a trip</Link>;
  const turnOn = (
    <>
      Turn on “{MATCHING_SWITCH_LABEL}” in <Link to={paths.settings.root()}>Settings</Link>.
    </>
  );
  let steps: ReactNode[];
  if (reason === 'logged-out') {
    steps = [<><Link to={paths.login()}>Log in</Link> to your account.</>, <>{plan}: where to, and when.</>, turnOn];
  } else if (reason === 'matching-off') {
    steps = [<>{plan}: where to, and when.</>, turnOn];
  } else {
    steps = [<>No traveller&apos;s trip overlaps yours yet. {plan} somewhere else, or check back later.</>];
  }
  return (
    <section className="companions-howto" aria-labelledby="companions-howto">
      <h2 id="companions-howto" className="companions-howto__title">
        How to find travel companions
      </h2>
      <ol className="companions-howto__steps">
        {steps.map((step, index) => (
          <li key={index}>{step}</li>
        ))}
      </ol>
      <p className="companions-howto__note">
        Travellers going to the same place on overlapping days, who turned it on too, show up here: their name, username and photo, never
        their contact details.
      </p>
    </section>
  );
}

function ComingSoon({ reason }: { reason: Reason }) {
  return (
    <StatusPage
      art="/images/companions.svg"
      title="Coming Soon!"
      text="Find travel companions heading your way."
      action={
        <>
          <HowTo reason={reason} />
          <ButtonLink to={paths.home()}>
            <Icon name="arrowLeft" size={20} />
            Back to Home
          </ButtonLink>
        </>
      }
    />
  );
}

function CompanionList({ companions }: { companions: Companion[] }) {
  return (
    <div className="page companions">
      <h1 className="page-title">Travel companions</h1>
      <p className="companions__intro">Travellers whose trips overlap yours. Say hello before you go.</p>
      <CardGrid aria-label="Travel companions">
        {companions.map((companion) => (
          <CompanionCard key={`${companion.user._id}-${companion.trip._id}-${companion.myTrip._id}`} companion={companion} />
        ))}
      </CardGrid>
    </div>
  );
}

function SignedInCompanions() {
  const { data, isLoading, refetch } = useGetCompanionsQuery();
  if (isLoading) {
    return (
      <div className="page">
        <LoadingState label="Loading companions" />
      </div>
    );
  }
  if (!data) {
    return (
      <div className="page">
        <LoadFailure titleAs="h1" title="Could not load companions" onRetry={refetch} />
      </div>
    );
  }
  if (data.matching && data.companions.length > 0) return <CompanionList companions={data.companions} />;
  return <ComingSoon reason={data.matching ? 'no-overlap' : 'matching-off'} />;
}

/**
 * /companions: travellers whose upcoming trips go where the user's go, on overlapping days, once
 * both turned matching on (Settings). Without them, the spec's 'Coming Soon!' says how to get there.
 */
export function CompanionsPage() {
  const isLoggedIn = useSelector(selectIsLoggedIn);
  return (
    <>
      <PageMeta title={`Companions | ${getAppConfig().brandName}`} description="Find travellers whose trips overlap yours." />
      {isLoggedIn ? <SignedInCompanions /> : <ComingSoon reason="logged-out" />}
    </>
  );
}

import { useId } from 'react';
import { Link, useParams } from 'react-router-dom';
import { badgeName, stepsDone } from '@/entities/challenge';
import { JoinButton } from '@/features/join-challenge';
import { useGetChallengeQuery, useSetChallengeStepMutation, type ChallengeDetail, type ChallengeProgress } from '@/shared/api';
import { getAppConfig, paths } from '@/shared/config';
import { ButtonLink } from '@/shared/ui/button';
import { EmptyState } from '@/shared/ui/empty-state';
import { RecordFallback } from '@/shared/ui/load-failure';
import { Icon } from '@/shared/ui/icon';
import { PageMeta } from '@/shared/ui/page-meta';
import { toastSuccess } from '@/shared/ui/success-toast';
import './challenges.css';

export const CHALLENGE_NOT_FOUND = 'Challenge not found';

/** Loads the challenge of the route; renders the loading and not-found states itself. */
function useRouteChallenge() {
  const { id = '' } = useParams();
  const query = useGetChallengeQuery(id);
  const state = (
    <RecordFallback
      query={query}
      loading="Loading challenge"
      titleAs="h1"
      icon="trophy"
      failure="Could not load this challenge"
      missing={<EmptyState titleAs="h1" icon="trophy" title={CHALLENGE_NOT_FOUND} description="It may have been removed." action={<ButtonLink to={paths.challenges.root()}>All challenges</ButtonLink>} />}
    />
  );
  return { id, challenge: query.data ?? null, state };
}

function BadgeNote({ challenge }: { challenge: ChallengeDetail }) {
  if (!challenge.badge && challenge.rewardTokens === 0) return null;
  return (
    <p className="challenge__badge">
      <Icon name="sparkle" size={18} />
      <span>
        Finish every step to earn the <strong>{badgeName(challenge)}</strong> badge
        {challenge.rewardTokens > 0 ? ` and ${challenge.rewardTokens} tokens` : ''}.
      </span>
    </p>
  );
}

/** Title, description and the badge to earn: the top of both pages. */
function ChallengeHeader({ challenge }: { challenge: ChallengeDetail }) {
  return (
    <>
      <PageMeta title={`${challenge.title} | ${getAppConfig().brandName}`} description={challenge.description} />
      <Link to={paths.challenges.root()} className="challenge__back">
        ← All challenges
      </Link>
      <h1 className="page-title">{challenge.title}</h1>
      <p className="challenge__description">{challenge.description}</p>
      <BadgeNote challenge={challenge} />
    </>
  );
}

function NumberedSteps({ steps, headingId }: { steps: string[]; headingId: string }) {
  return (
    <ol className="challenge__steps" aria-labelledby={headingId}>
      {steps.map((step, index) => (
        <li key={index} className="challenge__step">
          <span className="challenge__step-number" aria-hidden="true">
            {index + 1}
          </span>
          <span>{step}</span>
        </li>
      ))}
    </ol>
  );
}

/** /challenge-details/{id}: spec §2's detail with 'How to Participate' and 'Join Challenge'. */
export function ChallengeDetailPage() {
  const { challenge, state } = useRouteChallenge();
  const headingId = useId();
  if (!challenge) return <div className="page challenge">{state}</div>;
  return (
    <article className="page challenge">
      <ChallengeHeader challenge={challenge} />
      <h2 id={headingId} className="challenge__subtitle">How to Participate</h2>
      <NumberedSteps steps={challenge.participationSteps} headingId={headingId} />
      <JoinButton challenge={challenge} />
    </article>
  );
}

function StepCheckbox({ challengeId, index, text, progress }: { challengeId: string; index: number; text: string; progress: ChallengeProgress }) {
  const [setStep, { isLoading }] = useSetChallengeStepMutation();
  const done = progress.completedSteps.includes(index);
  const finished = progress.completedAt !== null;
  const onChange = async () => {
    const result = await setStep({ id: challengeId, step: index, done: !done });
    if ('data' in result && result.data?.badgeEarned) toastSuccess(result.data.message, 'Badge earned!');
  };
  return (
    <li className={done ? 'challenge__step is-done' : 'challenge__step'}>
      <label className="challenge__check">
        <input
          type="checkbox"
          checked={done}
          // One request at a time per step; a finished challenge's steps stay ticked off.
          disabled={isLoading || finished}
          aria-busy={isLoading || undefined}
          onChange={() => void onChange()}
        />
        <span className="challenge__step-number" aria-hidden="true">
          {index + 1}
        </span>
        <span>
          <span className="visually-hidden">Step {index + 1}: </span>
          {text}
        </span>
      </label>
    </li>
  );
}

/**
 * /joined-challenge/{id}: the same content without the Join button (spec §2). A participant ticks
 * the steps off here; the last one earns the badge. Anyone else sees the steps, with a way to join.
 */
export function JoinedChallengePage() {
  const { challenge, state } = useRouteChallenge();
  const headingId = useId();
  if (!challenge) return <div className="page challenge">{state}</div>;
  const { progress } = challenge;
  return (
    <article className="page challenge">
      <ChallengeHeader challenge={challenge} />
      <h2 id={headingId} className="challenge__subtitle">How to Participate</h2>
      {progress ? (
        <>
          <p className="challenge__progress" role="status">
            {progress.completedAt ? `Completed · ${badgeName(challenge)} badge earned` : stepsDone({ ...challenge, progress })}
          </p>
          <progress className="challenge__meter" max={challenge.participationSteps.length} value={progress.completedSteps.length} aria-labelledby={headingId} />
          <ul className="challenge__steps challenge__steps--checks" aria-labelledby={headingId}>
            {challenge.participationSteps.map((step, index) => (
              <StepCheckbox key={index} challengeId={challenge._id} index={index} text={step} progress={progress} />
            ))}
          </ul>
        </>
      ) : (
        <>
          <NumberedSteps steps={challenge.participationSteps} headingId={headingId} />
          <p className="challenge__not-joined">
            <Link to={paths.challenges.detail(challenge._id)}>Join this challenge</Link> to tick off its steps.
          </p>
        </>
      )}
    </article>
  );
}

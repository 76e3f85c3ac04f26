import { selectUserId, type SessionState } from '../../auth';
import { baseApi } from '../base-api';
import { getServerMessage } from '../errors';
import { cachedArgs, optimisticUpdate } from '../optimistic';
import { usersApi } from './users';
import { asNumber, asString, asStrings, isRecord, pickList, readItems } from './wire';

// server/modules/challenges: GET /api/get-challenges (data), GET /api/challenges/{id} (data.data),
// POST /api/challenges/{id}/join, POST /api/challenges/{id}/progress,
// GET /api/users/{id}/joined-challenges (data.data).

/** Spec §8's join failure: the title, and the text when the server gives none. */
export const JOIN_TEXTS = {
  joined: 'Successfully Joined!',
  joinedText: 'You have joined the challenge.',
  failed: 'Join Failed',
  failedText: 'An error occurred while joining the challenge.',
} as const;
export const STEP_FAILED = 'Could not save your progress. Please try again.';

export interface Challenge {
  _id: string;
  title: string;
  description: string;
  participationSteps: string[];
  /** The participants' user ids (spec §3: each participant with a user id). */
  participantIds: string[];
  badge: string;
  rewardTokens: number;
}

/** The signed-in user's part in a challenge. */
export interface ChallengeProgress {
  completedSteps: number[];
  /** When the last step was ticked off, earning the badge; null until then. */
  completedAt: string | null;
}

export interface ChallengeDetail extends Challenge {
  /** The caller's progress; null when they do not take part (or nobody is signed in). */
  progress: ChallengeProgress | null;
}

export interface JoinedChallenge extends Challenge {
  progress: ChallengeProgress;
}

/** A wire challenge, or null when the shape is not one. */
export function toChallenge(value: unknown): Challenge | null {
  if (!isRecord(value) || typeof value._id !== 'string') return null;
  const participants = Array.isArray(value.participants) ? value.participants : [];
  return {
    _id: value._id,
    title: asString(value.title),
    description: asString(value.description),
    participationSteps: asStrings(value.participationSteps),
    participantIds: participants
      .map((item) => (typeof item === 'string' ? item : isRecord(item) ? asString(item.user, asString(item.userId)) : ''))
      .filter((id) => id !== ''),
    badge: asString(value.badge),
    rewardTokens: asNumber(value.rewardTokens),
  };
}

function toProgress(value: unknown): ChallengeProgress | null {
  if (!isRecord(value)) return null;
  const steps = Array.isArray(value.completedSteps) ? value.completedSteps.filter((step): step is number => Number.isInteger(step)) : [];
  return { completedSteps: steps, completedAt: typeof value.completedAt === 'string' ? value.completedAt : null };
}

function toJoined(value: unknown): JoinedChallenge | null {
  const challenge = toChallenge(value);
  if (!challenge || !isRecord(value)) return null;
  return { ...challenge, progress: toProgress(value.progress) ?? { completedSteps: [], completedAt: null } };
}

/** `{ data: { data: challenge } }` (spec §7), also `{ data: challenge }`; null for other shapes. */
export function toChallengeDetail(body: unknown): ChallengeDetail | null {
  const envelope = isRecord(body) ? body.data : undefined;
  const value = isRecord(envelope) && isRecord(envelope.data) ? envelope.data : envelope;
  const challenge = toChallenge(value);
  return challenge && isRecord(value) ? { ...challenge, progress: toProgress(value.progress) } : null;
}

const toChallenges = (body: unknown) => readItems(pickList(body, ['data', 'challenges']), toChallenge);
const toJoinedList = (body: unknown) =>
  readItems(pickList(body, ['data.data', 'data']), toJoined);

const meOf = (state: unknown) => selectUserId(state as { session: SessionState });

export const challengesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getChallenges: build.query<Challenge[], void>({
      query: () => 'get-challenges',
      transformResponse: toChallenges,
      providesTags: (result) => [{ type: 'Challenge', id: 'LIST' }, ...(result ?? []).map(({ _id }) => ({ type: 'Challenge' as const, id: _id }))],
    }),
    getChallenge: build.query<ChallengeDetail | null, string>({
      query: (id) => `challenges/${encodeURIComponent(id)}`,
      transformResponse: toChallengeDetail,
      providesTags: (_result, _error, id) => [{ type: 'Challenge', id }],
    }),
    /** The signed-in user's challenges with their progress: My Challenges, and My Badges (the finished ones). */
    getJoinedChallenges: build.query<JoinedChallenge[], string>({
      query: (userId) => `users/${encodeURIComponent(userId)}/joined-challenges`,
      transformResponse: toJoinedList,
      providesTags: [{ type: 'JoinedChallenge', id: 'LIST' }],
    }),
    /**
     * POST /api/challenges/{id}/join { userId }. Optimistic (spec §4): the user is a participant at
     * once on the detail and in the list; undone on failure with spec §8's 'Join Failed' and the
     * server's message. Afterwards the challenge is reloaded (spec §4) and My Challenges with it.
     */
    joinChallenge: build.mutation<{ message: string }, { id: string; userId: string }>({
      query: ({ id, userId }) => ({ url: `challenges/${encodeURIComponent(id)}/join`, method: 'POST', body: { userId } }),
      transformResponse: (body: unknown) => ({ message: isRecord(body) ? asString(body.message) : '' }),
      async onQueryStarted({ id, userId }, lifecycle) {
        const addMe = (challenge: Challenge) => {
          if (challenge._id === id && !challenge.participantIds.includes(userId)) challenge.participantIds.push(userId);
        };
        const patches = [
          challengesApi.util.updateQueryData('getChallenge', id, (data) => {
            if (!data) return;
            addMe(data);
            data.progress ??= { completedSteps: [], completedAt: null };
          }),
          ...cachedArgs<void>(lifecycle.getState(), 'getChallenges').map(() =>
            challengesApi.util.updateQueryData('getChallenges', undefined, (data) => data.forEach(addMe))),
        ];
        const confirmed = await optimisticUpdate(lifecycle, patches, {
          failureTitle: JOIN_TEXTS.failed,
          failureText: (error) => getServerMessage(error) ?? JOIN_TEXTS.failedText,
        });
        if (confirmed) lifecycle.dispatch(baseApi.util.invalidateTags([{ type: 'Challenge', id }, { type: 'JoinedChallenge', id: 'LIST' }]));
      },
    }),
    /**
     * POST /api/challenges/{id}/progress { step, done }: ticks a step off or back on, at once on the
     * joined page and in My Challenges, undone on failure. The last step earns the badge: the
     * user's token count takes the server's figure and the lists are read again.
     */
    setChallengeStep: build.mutation<{ message: string; badgeEarned: boolean; tokens: number }, { id: string; step: number; done: boolean }>({
      query: ({ id, step, done }) => ({ url: `challenges/${encodeURIComponent(id)}/progress`, method: 'POST', body: { step, done } }),
      transformResponse: (body: unknown) => ({
        message: isRecord(body) ? asString(body.message) : '',
        badgeEarned: isRecord(body) && body.badgeEarned === true,
        tokens: isRecord(body) ? asNumber(body.tokens) : 0,
      }),
      async onQueryStarted({ id, step, done }, lifecycle) {
        const me = meOf(lifecycle.getState());
        const tick = (progress: ChallengeProgress | null) => {
          if (!progress) return;
          const steps = new Set(progress.completedSteps);
          if (done) steps.add(step);
          else steps.delete(step);
          progress.completedSteps = [...steps].sort((a, b) => a - b);
        };
        const patches = [
          challengesApi.util.updateQueryData('getChallenge', id, (data) => tick(data?.progress ?? null)),
          ...(me ? [challengesApi.util.updateQueryData('getJoinedChallenges', me, (data) => {
            const mine = data.find((challenge) => challenge._id === id);
            if (mine) tick(mine.progress);
          })] : []),
        ];
        const confirmed = await optimisticUpdate(lifecycle, patches, { failureText: (error) => getServerMessage(error) ?? STEP_FAILED });
        if (!confirmed) return;
        const { data } = await lifecycle.queryFulfilled;
        if (data.badgeEarned) {
          if (me) {
            lifecycle.dispatch(usersApi.util.updateQueryData('getUser', me, (user) => {
              if (user) user.tokens = data.tokens;
            }));
          }
          lifecycle.dispatch(baseApi.util.invalidateTags([{ type: 'Challenge', id }, { type: 'JoinedChallenge', id: 'LIST' }, 'Notification']));
        }
      },
    }),
  }),
});

export const {
  useGetChallengesQuery,
  useGetChallengeQuery,
  useGetJoinedChallengesQuery,
  useJoinChallengeMutation,
  useSetChallengeStepMutation,
} = challengesApi;

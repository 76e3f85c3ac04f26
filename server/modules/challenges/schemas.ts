import { Type } from '@fastify/type-provider-typebox';

/** A participant as spec §7 lists them: each with a user id (`user`, as the client reads it, and `userId`). */
export const Participant = Type.Object({ user: Type.String(), userId: Type.String() });

/** Spec §3's challenge, with the badge that finishing every step earns and the tokens it adds. */
export const ChallengeSchema = Type.Object({
  _id: Type.String(),
  title: Type.String(),
  description: Type.String(),
  participationSteps: Type.Array(Type.String()),
  participants: Type.Array(Participant),
  badge: Type.String(),
  rewardTokens: Type.Integer(),
  createdAt: Type.String(),
});

/** The caller's part in a challenge: the steps ticked off (indexes) and when the last one earned the badge. */
export const Progress = Type.Object({
  joinedAt: Type.String(),
  completedSteps: Type.Array(Type.Integer()),
  completedAt: Type.Union([Type.String(), Type.Null()]),
});

/** A challenge as one participant sees it (My Challenges, the joined page, My Badges). */
export const JoinedChallengeSchema = Type.Intersect([ChallengeSchema, Type.Object({ progress: Progress })]);

// Spec §7: get-challenges answers `data` (the list); a challenge and the joined list answer `data.data`.
export const ChallengeListAnswer = Type.Object({ success: Type.Boolean(), data: Type.Array(ChallengeSchema) });
export const ChallengeAnswer = Type.Object({
  success: Type.Boolean(),
  data: Type.Object({
    // The caller's progress when they take part (null for anyone else and for visitors).
    data: Type.Intersect([ChallengeSchema, Type.Object({ progress: Type.Union([Progress, Type.Null()]) })]),
  }),
});
export const JoinAnswer = Type.Object({ success: Type.Boolean(), message: Type.String(), data: JoinedChallengeSchema });
export const JoinedListAnswer = Type.Object({
  success: Type.Boolean(),
  data: Type.Object({ data: Type.Array(JoinedChallengeSchema) }),
});

export const StepBody = Type.Object({
  step: Type.Integer({ minimum: 0, maximum: 99 }),
  done: Type.Boolean(),
}, { additionalProperties: false });
export const StepAnswer = Type.Object({
  success: Type.Boolean(),
  message: Type.String(),
  data: JoinedChallengeSchema,
  /** True on the call that ticked off the last step: the badge is earned and the tokens added. */
  badgeEarned: Type.Boolean(),
  /** The caller's token count after the call. */
  tokens: Type.Integer(),
});

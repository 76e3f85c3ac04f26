import { Type } from '@fastify/type-provider-typebox';

// Numbers may come as numbers (the SPA) or numeric text (a plain form); checked by validation.ts.
const count = Type.Optional(Type.Union([Type.Number(), Type.String({ maxLength: 32 })]));
const text = Type.Optional(Type.String({ maxLength: 1_000 }));

/** Spec §3's trip request; the rules and their words are validation.ts's. */
export const TripBody = Type.Object({
  from: text,
  to: text,
  startDate: Type.Optional(Type.String({ maxLength: 50 })),
  endDate: Type.Optional(Type.String({ maxLength: 50 })),
  peopleCount: count,
  budget: count,
}, { additionalProperties: false });

export const TripSchema = Type.Object({
  _id: Type.String(),
  from: Type.String(),
  to: Type.String(),
  startDate: Type.String(),
  endDate: Type.String(),
  peopleCount: Type.Integer(),
  budget: Type.Integer(),
  days: Type.Integer(),
  createdAt: Type.String(),
});

export const TripSavedAnswer = Type.Object({ status: Type.Boolean(), message: Type.String(), trip: TripSchema });
export const TripListAnswer = Type.Object({
  success: Type.Boolean(),
  data: Type.Object({ upcoming: Type.Array(TripSchema), past: Type.Array(TripSchema) }),
});

const TripPlace = Type.Object({ _id: Type.String(), to: Type.String(), startDate: Type.String(), endDate: Type.String() });

/** A traveller whose trip overlaps one of the caller's: who and where, never how to reach them. */
export const CompanionSchema = Type.Object({
  user: Type.Object({
    _id: Type.String(),
    firstName: Type.String(),
    lastName: Type.String(),
    username: Type.String(),
    profileImage: Type.String(),
  }),
  trip: TripPlace,
  myTrip: TripPlace,
  overlapDays: Type.Integer(),
});

export const CompanionsAnswer = Type.Object({ success: Type.Boolean(), matching: Type.Boolean(), data: Type.Array(CompanionSchema) });

export const MatchingBody = Type.Object({ enabled: Type.Boolean() }, { additionalProperties: false });
export const MatchingAnswer = Type.Object({ status: Type.Boolean(), message: Type.String(), enabled: Type.Boolean() });

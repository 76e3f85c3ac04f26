import { Type } from '@fastify/type-provider-typebox';

/** A member the caller blocked, as Settings' "Blocked members" lists them. */
export const BlockedMember = Type.Object({
  id: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  username: Type.String(),
  profileImage: Type.String(),
  blockedAt: Type.String(),
});

export const BlockedListAnswer = Type.Object({ status: Type.Boolean(), blocked: Type.Array(BlockedMember) });

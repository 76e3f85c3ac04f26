import { Type } from '@fastify/type-provider-typebox';

export const FRIEND_ACTIONS = ['accept', 'reject'] as const;

export const SendRequestBody = Type.Object({ receiverId: Type.String({ format: 'uuid' }) });

/**
 * Spec §7 sends the action with the user data (`{ action, ...userData }`): the action is read, the
 * rest is ignored (the server acts as the token's user).
 */
export const ActionBody = Type.Object({ action: Type.String({ maxLength: 20 }) });
export const RequestIdParams = Type.Object({ requestId: Type.String({ format: 'uuid' }) });

export const RequestUser = Type.Object({
  _id: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  username: Type.String(),
  /** The profile photo's path; '' when there is none (the SPA shows initials). */
  avatar: Type.String(),
});

export const FriendRequestSchema = Type.Object({
  _id: Type.String(),
  sender: RequestUser,
  receiver: RequestUser,
  status: Type.Union([Type.Literal('pending'), Type.Literal('accepted'), Type.Literal('rejected')]),
  createdAt: Type.String(),
});

export const SentRequestAnswer = Type.Object({ success: Type.Boolean(), message: Type.String(), request: FriendRequestSchema });
export const RequestListAnswer = Type.Object({ success: Type.Boolean(), data: Type.Array(FriendRequestSchema), count: Type.Integer() });
export const ActionAnswer = Type.Object({
  success: Type.Boolean(),
  message: Type.String(),
  status: Type.Union([Type.Literal('accepted'), Type.Literal('rejected')]),
});

import { Type, type Static } from '@fastify/type-provider-typebox';
import type { users } from '../db/schema.js';

type UserRow = typeof users.$inferSelect;

/**
 * The user object of server/README.md. It is also the response schema, so the serializer drops
 * anything not listed here (hashes, status) even if a query selects it.
 */
export const UserSchema = Type.Object({
  _id: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  username: Type.String(),
  email: Type.Optional(Type.String()),
  phone: Type.Optional(Type.String()),
  contactNumber: Type.Optional(Type.String()),
  profileImage: Type.String(),
  tokens: Type.Integer(),
  bio: Type.String(),
  location: Type.String(),
  gender: Type.String(),
  createdAt: Type.String(),
  /** Own view only: listed on /companions to travellers whose trips overlap (modules/trips). */
  companionMatching: Type.Optional(Type.Boolean()),
  /** Own view only: 'moderator' opens the moderation routes (modules/moderation). */
  role: Type.Optional(Type.Union([Type.Literal('member'), Type.Literal('moderator')])),
  /** Someone else's profile, to a signed-in caller: whether the caller blocked them (modules/blocks). */
  blocked: Type.Optional(Type.Boolean()),
});

export type UserDto = Static<typeof UserSchema>;

/** `self`: the caller's own account, with e-mail and phone; anyone else sees the public view. */
export function toUserDto(row: UserRow, self: boolean): UserDto {
  const publicView: UserDto = {
    _id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    username: row.username,
    profileImage: row.profileImage,
    tokens: row.tokens,
    bio: row.bio,
    location: row.location,
    gender: row.gender,
    createdAt: row.createdAt.toISOString(),
  };
  if (!self) return publicView;
  return {
    ...publicView, email: row.email, phone: row.contactNumber, contactNumber: row.contactNumber, companionMatching: row.companionMatching, role: row.role,
  };
}

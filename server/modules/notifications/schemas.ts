import { Type } from '@fastify/type-provider-typebox';
import { NOTIFICATION_KINDS } from './kinds.js';

export const NotificationSchema = Type.Object({
  _id: Type.String(),
  /** What it is about (kinds.ts): 'general' for the welcome. */
  kind: Type.String(),
  title: Type.String(),
  body: Type.String(),
  /** The SPA path it opens ('' for none). */
  link: Type.String(),
  createdAt: Type.String(),
  read: Type.Boolean(),
});
export const NotificationsAnswer = Type.Object({ success: Type.Boolean(), data: Type.Array(NotificationSchema), unreadCount: Type.Integer() });
export const ReadAnswer = Type.Object({ success: Type.Boolean(), updated: Type.Integer() });

// The kinds of kinds.ts, written out so the type is their union (kinds.test.ts checks they match).
export const KindSchema = Type.Union([
  Type.Literal('message'), Type.Literal('friend-request'), Type.Literal('follower'), Type.Literal('like'), Type.Literal('comment'),
  Type.Literal('reply'), Type.Literal('event'), Type.Literal('badge'), Type.Literal('moderation'),
]);
export const PreferenceSchema = Type.Object({
  kind: KindSchema,
  /** Shown in the app (always true for 'message', whatever is sent). */
  inApp: Type.Boolean(),
  email: Type.Boolean(),
  /** Pushed to the member's devices that have push on (modules/push). */
  push: Type.Boolean(),
}, { additionalProperties: false });
/** A kind's channels to save; without `push`, its push choice stays as it was. */
export const PreferenceChoiceSchema = Type.Object({
  kind: KindSchema,
  inApp: Type.Boolean(),
  email: Type.Boolean(),
  push: Type.Optional(Type.Boolean()),
}, { additionalProperties: false });
/** Some or all kinds, each at most once; kinds left out keep their channels. */
export const PreferencesBody = Type.Array(PreferenceChoiceSchema, { minItems: 1, maxItems: NOTIFICATION_KINDS.length });
/** Every kind, in a fixed order, with the member's channels (or the kind's default). */
export const PreferencesAnswer = Type.Object({ success: Type.Boolean(), data: Type.Array(PreferenceSchema) });

export const UnsubscribeQuery = Type.Object({ token: Type.String({ minLength: 1, maxLength: 1000 }) });
/** What an unsubscribe link turns off (or turned off): e-mail for these kinds. */
export const UnsubscribeAnswer = Type.Object({ success: Type.Boolean(), data: Type.Object({ kinds: Type.Array(KindSchema) }) });

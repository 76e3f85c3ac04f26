import { Type } from '@fastify/type-provider-typebox';

const base64url = (minLength: number, maxLength: number) => Type.String({ minLength, maxLength, pattern: '^[A-Za-z0-9_-]+={0,2}$' });

export const PushKeyAnswer = Type.Object({
  success: Type.Boolean(),
  /** The server's VAPID public key (base64url): the browser's `applicationServerKey`. */
  data: Type.Object({ publicKey: Type.String() }),
});

/** A browser's PushSubscription as its `toJSON()` gives it. */
export const SubscribeBody = Type.Object({
  /** The push service's URL for this browser: https: on a public address (endpoint.ts). */
  endpoint: Type.String({ minLength: 1, maxLength: 2048 }),
  /** Ignored: the push service says when a subscription is gone (404/410). */
  expirationTime: Type.Optional(Type.Union([Type.Null(), Type.Number()])),
  keys: Type.Object({
    /** The browser's P-256 public key (65 bytes, base64url). */
    p256dh: base64url(80, 100),
    /** The browser's auth secret (16 bytes, base64url). */
    auth: base64url(16, 32),
  }, { additionalProperties: false }),
}, { additionalProperties: false });

export const UnsubscribeBody = Type.Object({ endpoint: Type.String({ minLength: 1, maxLength: 2048 }) }, { additionalProperties: false });

export const SubscribeAnswer = Type.Object({ success: Type.Boolean(), data: Type.Object({ endpoint: Type.String(), createdAt: Type.String() }) });
/** How many of the caller's subscriptions went (0: none of theirs had that endpoint). */
export const UnsubscribeAnswer = Type.Object({ success: Type.Boolean(), data: Type.Object({ removed: Type.Integer() }) });

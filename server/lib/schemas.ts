import { Format, Type } from '@fastify/type-provider-typebox';
import { UserSchema } from './user-dto.js';

// Schemas shared by several modules, in one place; a module's own bodies and answers stay in
// its schemas.ts. Response schemas are also what the serializer keeps: fields not listed are dropped.

/** A string field of a JSON body, optional so a missing one gets the spec's message from a validator. */
export const text = (maxLength: number) => Type.Optional(Type.String({ maxLength }));

/** A code as typed: text, or a number from a numeric field (leading zeros restored by the validator). */
export const OtpField = Type.Optional(Type.Union([Type.String({ maxLength: 12 }), Type.Integer({ minimum: 0, maximum: 999_999 })]));

/**
 * Ids as Postgres writes them: lower case, no `urn:uuid:`. TypeBox's own 'uuid' format also takes
 * upper case, which Postgres reads as the same id while a string comparison does not: the caller's
 * own id in capitals got past the no-self-follow check and failed in the database. Every route
 * compares ids as strings, so the format itself is strict (set before any schema is compiled).
 */
const LOWER_CASE_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
Format.Set('uuid', (value) => LOWER_CASE_UUID.test(value));

export const UserIdParams = Type.Object({ userId: Type.String({ format: 'uuid' }) });
export const IdParams = Type.Object({ id: Type.String({ format: 'uuid' }) });

/**
 * The body of a like, a follow or a join: spec §7 sends the caller's id, which the server ignores
 * (it acts as the token's user). Optional: no body at all is the same.
 */
export const ActorBody = Type.Union([Type.Object({ userId: Type.Optional(Type.String({ maxLength: 100 })) }), Type.Null()]);

export const MessageAnswer = Type.Object({ message: Type.String() });
export const StatusAnswer = Type.Object({ status: Type.Boolean(), message: Type.String() });
export const StatusUserAnswer = Type.Object({ status: Type.Boolean(), message: Type.String(), user: UserSchema });
/** `{ status, message, data: { message } }`: the shape spec §7 gives deletion and forgot-password. */
export const StatusDataAnswer = Type.Object({
  status: Type.Boolean(),
  message: Type.String(),
  data: Type.Object({ message: Type.String() }),
});

/**
 * Every error answer (plugins/errors.ts, lib/http-error.ts): `{ message }`, with `status: false`
 * or `success: false` where spec §7 reads that flag (the boards' details read `success`), and
 * `field` when the error is about one body field.
 */
export const ErrorAnswer = Type.Object(
  {
    status: Type.Optional(Type.Literal(false)),
    success: Type.Optional(Type.Literal(false)),
    message: Type.String({ minLength: 1 }),
    field: Type.Optional(Type.String({ minLength: 1 })),
  },
  { additionalProperties: false },
);

/**
 * The error answers a route gives beyond those its access class, parameters and body imply (a 409,
 * a 502 from a service it calls), each in the one error shape: `response: { 200: X, ...errorAnswers(409) }`.
 * The API reference (modules/docs) lists them; the implied ones it adds itself.
 */
export const errorAnswers = (...statuses: number[]) => Object.fromEntries(statuses.map((status) => [status, ErrorAnswer])) as Record<number, typeof ErrorAnswer>;

/** What moderators did to a record, told only to its author (lib/visibility.ts): `moderation: { hidden: true, reason }`. */
export const ModerationSchema = Type.Object({ hidden: Type.Boolean(), reason: Type.String() });

export { UserSchema };

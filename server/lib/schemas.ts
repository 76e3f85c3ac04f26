import { Type } from '@fastify/type-provider-typebox';
import { UserSchema } from './user-dto.js';

// Schemas shared by several modules, in one place; a module's own bodies and answers stay in
// its schemas.ts. Response schemas are also what the serializer keeps: fields not listed are dropped.

/** A string field of a JSON body, optional so a missing one gets the spec's message from a validator. */
export const text = (maxLength: number) => Type.Optional(Type.String({ maxLength }));

/** A code as typed: text, or a number from a numeric field (leading zeros restored by the validator). */
export const OtpField = Type.Optional(Type.Union([Type.String({ maxLength: 12 }), Type.Integer({ minimum: 0, maximum: 999_999 })]));

export const UserIdParams = Type.Object({ userId: Type.String({ format: 'uuid' }) });
export const IdParams = Type.Object({ id: Type.String({ format: 'uuid' }) });

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
 * where spec §7 reads a status flag (`success: false` where it reads `success`, as the needs board
 * does), and `field` when the error is about one body field.
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

export { UserSchema };

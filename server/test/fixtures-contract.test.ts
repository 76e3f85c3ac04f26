import { Check, Errors } from 'typebox/value';
import { Type, type TSchema } from 'typebox';
import { allRouteAnswers } from '../../mocks/fixtures/all-routes';
import { notifications } from '../../mocks/fixtures/notifications';
import { demoUser } from '../../mocks/fixtures/users';
import { NotificationSchema } from '../modules/notifications/routes.js';
import { UserSchema } from '../modules/users/user-dto.js';
import { DeletedAnswer, StatusAnswer, StatusUserAnswer } from '../modules/account/schemas.js';
import { MessageSchema } from '../modules/auth/schemas.js';
import { ADDRESS_PARTS } from '../modules/geo/geocoder.js';
import { SentAnswer } from '../modules/password-reset/schemas.js';
import { ProfileAnswer, UploadAnswer } from '../modules/users/schemas.js';

// The SPA's tests and `dev:mock` run on the fixtures in mocks/; the server's response schemas
// check them here, so the SPA, the fixtures and the server cannot drift apart (conventions 16).
function expectMatches(schema: TSchema & { properties?: Record<string, unknown> }, value: object) {
  expect([...Errors(schema, value)].map((e) => `${e.instancePath} ${e.message}`)).toEqual([]);
  expect(Check(schema, value)).toBe(true);
  // The serializer drops fields its schema does not list: a fixture must not carry any.
  const known = Object.keys(schema.properties ?? {});
  expect(Object.keys(value).filter((key) => !known.includes(key))).toEqual([]);
}

describe('mocks/fixtures match the server response schemas', () => {
  it('the user fixture is a user object', () => {
    expectMatches(UserSchema, demoUser);
  });

  it('every notification fixture is a notification', () => {
    expect(notifications.length).toBeGreaterThan(0);
    for (const notification of notifications) expectMatches(NotificationSchema, notification);
  });
});

// Every answer the SPA's mocks give (mocks/fixtures/*: each route's `ok` and each named error) is
// checked against the response schema the server declares for that route, so a fixture cannot
// drift from the server. Schemas the server declares inline in its routes are restated here from
// the route's `response` schema; keep them in step (or export them from the module and import them).
describe('every mocked answer matches the server', () => {
  const Address = Type.Object(Object.fromEntries(ADDRESS_PARTS.map((part) => [part, Type.Optional(Type.String())])));
  const Place = { lat: Type.Number(), lon: Type.Number(), display_name: Type.String() };
  const okSchemas: Record<string, TSchema> = {
    // server/modules/auth/routes.ts
    register: Type.Object({ message: Type.String(), data: UserSchema }),
    login: Type.Object({ message: Type.String(), user: UserSchema, token: Type.String() }),
    logout: MessageSchema,
    // server/modules/users/routes.ts, profile-routes.ts
    getUser: Type.Object({ status: Type.Boolean(), user: UserSchema }),
    editProfile: ProfileAnswer,
    uploadProfileImage: UploadAnswer,
    // server/modules/account/routes.ts, email-routes.ts
    deleteUser: DeletedAnswer,
    changePassword: StatusAnswer,
    sendEmailOtp: StatusAnswer,
    verifyEmailOtp: StatusUserAnswer,
    // server/modules/password-reset/routes.ts
    forgotPassword: SentAnswer,
    verifyResetOtp: StatusAnswer,
    resetPassword: StatusAnswer,
    // server/modules/geo/routes.ts
    reverseGeocode: Type.Object({ status: Type.Boolean(), address: Address, ...Place }),
    searchPlaces: Type.Object({ status: Type.Boolean(), results: Type.Array(Type.Object(Place)) }),
    // server/modules/notifications/routes.ts
    getNotifications: Type.Object({ success: Type.Boolean(), data: Type.Array(NotificationSchema) }),
  };
  // server/lib/http-error.ts: `{ message }`, `{ status: false, message }` where spec §7 reads a status
  // flag, and `field` when the error is about one body field.
  const ErrorSchema = Type.Object(
    { status: Type.Optional(Type.Literal(false)), message: Type.String({ minLength: 1 }), field: Type.Optional(Type.String({ minLength: 1 })) },
    { additionalProperties: false },
  );

  /** Fields the serializer would drop, at any depth: a fixture must not carry any. */
  function unknownFields(schema: TSchema, value: unknown, path = ''): string[] {
    const node = schema as { properties?: Record<string, TSchema>; items?: TSchema };
    if (Array.isArray(value) && node.items) return value.flatMap((item, i) => unknownFields(node.items!, item, `${path}/${i}`));
    if (typeof value !== 'object' || value === null || !node.properties) return [];
    const properties = node.properties;
    return Object.entries(value).flatMap(([key, child]) =>
      key in properties ? unknownFields(properties[key], child, `${path}/${key}`) : [`${path}/${key}`],
    );
  }

  function problems(schema: TSchema, value: unknown): string[] {
    return [...[...Errors(schema, value)].map((e) => `${e.instancePath} ${e.message}`), ...unknownFields(schema, value).map((p) => `${p} is not in the schema`)];
  }

  it('has a server schema for every mocked route, and a mocked route for every schema here', () => {
    expect(Object.keys(allRouteAnswers).sort()).toEqual(Object.keys(okSchemas).sort());
  });

  it.each(Object.entries(allRouteAnswers))('%s: the success answer', (name, route) => {
    expect(problems(okSchemas[name], route.ok)).toEqual([]);
    expect([200, 201]).toContain(route.okStatus ?? 200);
  });

  const errors = Object.entries(allRouteAnswers).flatMap(([name, route]) =>
    Object.entries(route.errors).map(([error, answer]) => [`${name} ${error}`, answer] as const),
  );
  it.each(errors)('%s: the error answer', (_name, answer) => {
    expect(problems(ErrorSchema, answer.body)).toEqual([]);
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(600);
  });
});

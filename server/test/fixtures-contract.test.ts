import { Check, Errors } from 'typebox/value';
import type { TSchema } from 'typebox';
import { notifications } from '../../mocks/fixtures/notifications';
import { demoUser } from '../../mocks/fixtures/users';
import { NotificationSchema } from '../modules/notifications/routes.js';
import { UserSchema } from '../modules/users/user-dto.js';

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

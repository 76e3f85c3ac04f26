import { Check, Errors } from 'typebox/value';
import type { TSchema } from 'typebox';
import { allRouteAnswers } from '../../mocks/fixtures/all-routes';
import { notifications } from '../../mocks/fixtures/notifications';
import { demoUser } from '../../mocks/fixtures/users';
import { ErrorAnswer, UserSchema } from '../lib/schemas.js';
import { NotificationSchema } from '../modules/notifications/schemas.js';
import { buildTestApp, SETUP_TIMEOUT, type TestApp } from './build-test-app.js';

// The SPA's tests and `dev:mock` run on the fixtures in mocks/; the server's response schemas
// check them here, so the SPA, the fixtures and the server cannot drift apart.
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
// checked against what the server declares for that route: the success answer against the response
// schema of the registered route itself (read from the app's route table, so nothing is restated
// here), every error answer against the one error shape of lib/schemas.ts.
describe('every mocked answer matches the server', () => {
  let t: TestApp;
  const routes = Object.entries(allRouteAnswers);
  beforeAll(async () => {
    t = await buildTestApp();
  }, SETUP_TIMEOUT);
  afterAll(() => t?.close());

  /** The server's response schema for a mocked route ('*\/api/user/:id' is the route '/api/user/:id'). */
  function serverSchema(route: (typeof allRouteAnswers)[string], status: number): TSchema | undefined {
    const url = route.path.replace(/^\*/, '');
    const entry = t.app.routeTable.find((r) => r.method === route.method.toUpperCase() && r.url === url);
    return (entry?.schema?.response as Record<number, TSchema> | undefined)?.[status];
  }

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

  // The API reference (modules/docs), hidden from its own document, is not a route the SPA calls.
  it('mocks every /api route the server has, and no route it lacks', () => {
    const mocked = routes.map(([, route]) => `${route.method.toUpperCase()} ${route.path.replace(/^\*/, '')}`).sort();
    const served = t.app.routeTable.filter((r) => r.url.startsWith('/api/') && !r.schema?.hide).map((r) => `${r.method} ${r.url}`).sort();
    expect(mocked).toEqual(served);
  });

  it.each(routes)('%s: the success answer', (_name, route) => {
    const schema = serverSchema(route, route.okStatus ?? 200);
    expect(schema).toBeDefined();
    expect(problems(schema!, route.ok)).toEqual([]);
  });

  const errors = Object.entries(allRouteAnswers).flatMap(([name, route]) =>
    Object.entries(route.errors).map(([error, answer]) => [`${name} ${error}`, answer] as const),
  );
  it.each(errors)('%s: the error answer', (_name, answer) => {
    expect(problems(ErrorAnswer, answer.body)).toEqual([]);
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(600);
  });
});

import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { Check, Errors } from 'typebox/value';
import type { TSchema } from 'typebox';
import { allRouteAnswers } from '../../mocks/fixtures/all-routes';
import { notifications } from '../../mocks/fixtures/notifications';
import { demoUser } from '../../mocks/fixtures/users';
import { UserSchema } from '../lib/schemas.js';
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

interface JsonSchema { properties?: Record<string, JsonSchema>; items?: JsonSchema }
interface Operation { responses: Record<string, { content?: Record<string, { schema: JsonSchema }> }> }

// Every answer the SPA's mocks give (mocks/fixtures/*: each route's `ok` and each named error) is
// checked against the generated OpenAPI document (/api/openapi.json, modules/docs): the success
// answer against the operation's response for that status, each error answer against the
// response the operation declares for its status (an error status the reference does not list
// fails). Nothing is restated here: the document is read from the app itself.
describe('every mocked answer matches the API reference', () => {
  let t: TestApp;
  let paths: Record<string, Record<string, Operation>>;
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  addFormats(ajv);
  const routes = Object.entries(allRouteAnswers);
  beforeAll(async () => {
    t = await buildTestApp();
    // Through the route, as a reader of the reference gets it.
    const answer = await t.app.inject('/api/openapi.json');
    expect(answer.statusCode).toBe(200);
    paths = answer.json<{ paths: typeof paths }>().paths;
  }, SETUP_TIMEOUT);
  afterAll(() => t?.close());

  /** The document's response schema for a mocked route ('*\/api/user/:id' is the path '/api/user/{id}'), JSON unless said. */
  function documented(route: (typeof allRouteAnswers)[string], status: number, type = 'application/json'): JsonSchema | undefined {
    const url = route.path.replace(/^\*/, '').replace(/:(\w+)/g, '{$1}');
    return paths[url]?.[route.method]?.responses[status]?.content?.[type]?.schema;
  }

  /** Fields the serializer would drop, at any depth: a fixture must not carry any. */
  function unknownFields(schema: JsonSchema, value: unknown, path = ''): string[] {
    if (Array.isArray(value) && schema.items) return value.flatMap((item, i) => unknownFields(schema.items!, item, `${path}/${i}`));
    if (typeof value !== 'object' || value === null || !schema.properties) return [];
    const properties = schema.properties;
    return Object.entries(value).flatMap(([key, child]) =>
      key in properties ? unknownFields(properties[key], child, `${path}/${key}`) : [`${path}/${key}`],
    );
  }

  function problems(schema: JsonSchema | undefined, value: unknown): string[] {
    if (!schema) return ['the reference has no response schema for this status'];
    const validate = ajv.compile(schema);
    const errors = validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
    return [...errors, ...unknownFields(schema, value).map((p) => `${p} is not in the schema`)];
  }

  it('mocks every /api route the reference has, and no route it lacks', () => {
    const mocked = routes.map(([, route]) => `${route.method.toUpperCase()} ${route.path.replace(/^\*/, '').replace(/:(\w+)/g, '{$1}')}`).sort();
    const documentedRoutes = Object.entries(paths).flatMap(([url, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${url}`)).sort();
    expect(mocked).toEqual(documentedRoutes);
  });

  it('the reference has every /api route the server serves, but the reference itself (hidden from its own document)', () => {
    const served = t.app.routeTable.filter((r) => r.url.startsWith('/api/') && !r.schema?.hide).map((r) => `${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`).sort();
    const documentedRoutes = Object.entries(paths).flatMap(([url, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${url}`)).sort();
    expect(documentedRoutes).toEqual(served);
  });

  it.each(routes)('%s: the success answer', (_name, route) => {
    // A file (an .ics calendar) is checked in its own media type; such a route's `ok` stays empty.
    if (route.file) {
      expect(problems(documented(route, route.okStatus ?? 200, route.file.type), route.file.body)).toEqual([]);
      expect(route.ok).toEqual({});
      return;
    }
    expect(problems(documented(route, route.okStatus ?? 200), route.ok)).toEqual([]);
  });

  const errors = routes.flatMap(([name, route]) =>
    Object.entries(route.errors).map(([error, answer]) => [`${name} ${error}`, route, answer] as const),
  );
  it.each(errors)('%s: the error answer', (_name, route, answer) => {
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(600);
    expect(problems(documented(route, answer.status), answer.body)).toEqual([]);
  });
});

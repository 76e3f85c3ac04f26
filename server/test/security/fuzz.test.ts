import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { SETUP_TIMEOUT } from '../build-test-app.js';
import { bearer, fillPath, grantRole, paramsOf, recordFigures, routeKey, scenarios, signUp, startSuite, type Account, type Suite } from './harness.js';

// Fuzzing every registered /api route from its own schemas (path, query, body) plus shapes no schema
// allows: no answer is a 500, and no error body shows a stack trace or SQL.
let suite: Suite;
beforeAll(async () => {
  suite = await startSuite();
}, SETUP_TIMEOUT);
afterAll(() => suite?.close());

const TOTAL_REQUESTS = 10_000;
const BATCH = 8;
const figures = { routes: 0, requests: 0, violations: 0 };
afterAll(() => recordFigures('fuzzing', figures));

type JsonSchema = {
  type?: string; properties?: Record<string, JsonSchema>; required?: string[]; anyOf?: JsonSchema[]; items?: JsonSchema;
  maxLength?: number; format?: string; minimum?: number; maximum?: number;
};

const nasty = fc.constantFrom('', ' ', '\u0000', '%', '../../etc/passwd', "' or 1=1 --", '<script>', '💥'.repeat(40), 'x'.repeat(5000), '__proto__', 'null');

/** Values that fit the schema most of the time, and edge values that do not. */
function fromSchema(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return fc.jsonValue({ maxDepth: 2 });
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((option) => fromSchema(option, depth + 1)));
  switch (schema.type) {
    case 'object': {
      const properties = schema.properties ?? {};
      const record = fc.record(Object.fromEntries(Object.entries(properties).map(([name, child]) => [name, fromSchema(child, depth + 1)])), {
        requiredKeys: (schema.required ?? []).filter((name) => name in properties),
      });
      return fc.oneof(
        { arbitrary: record, weight: 6 },
        { arbitrary: fc.tuple(record, fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 2 })).map(([a, b]) => ({ ...b, ...(a as object) })), weight: 1 },
      );
    }
    case 'string': {
      const fitting = schema.format === 'uuid' ? fc.uuid() : fc.string({ maxLength: schema.maxLength ?? 64 });
      return fc.oneof({ arbitrary: fitting, weight: 5 }, { arbitrary: nasty, weight: 1 }, { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 1 });
    }
    case 'integer': return fc.oneof(fc.integer({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6 }), fc.integer(), fc.constant(2 ** 53));
    case 'number': return fc.oneof(fc.double({ noNaN: true }), fc.constantFrom(0, -0, 1e308, -1e308));
    case 'boolean': return fc.boolean();
    case 'array': return fc.array(fromSchema(schema.items, depth + 1), { maxLength: 5 });
    default: return fc.jsonValue({ maxDepth: 2 });
  }
}

const raw = fc.record({
  contentType: fc.constantFrom('application/json', 'multipart/form-data; boundary=x', 'text/plain', 'application/x-www-form-urlencoded', 'application/xml'),
  bytes: fc.uint8Array({ maxLength: 600 }),
});

const leaks = /\n\s+at |\bat \S+ \(.*:\d+:\d+\)|\bselect\b.*\bfrom\b|\binsert into\b|\bupdate\b.*\bset\b|syntax error|drizzle|pglite|postgres|node_modules/i;

describe('fuzzing every route from its schemas', () => {
  it(`${TOTAL_REQUESTS} requests or more: no 500, no stack trace or SQL in an answer`, async () => {
    const { t, apiRoutes } = suite;
    const runs = Math.ceil(TOTAL_REQUESTS / apiRoutes.length);
    const problems: string[] = [];
    for (const route of apiRoutes) {
      figures.routes++;
      // The moderation routes' handlers run for moderators only: their owner is one (so is a new one).
      const { role } = scenarios[routeKey(route)] ?? {};
      const newOwner = async () => {
        const made = await signUp(t.app);
        if (role) await grantRole(t, made, role);
        return made;
      };
      let owner: Account = await newOwner();
      const schema = (route.schema ?? {}) as { body?: JsonSchema; querystring?: JsonSchema };
      const params = paramsOf(route.url);
      const input = fc.record({
        ownId: fc.oneof({ arbitrary: fc.constant(true), weight: 4 }, { arbitrary: fc.constant(false), weight: 1 }),
        otherId: fc.oneof(fc.uuid(), nasty, fc.string({ maxLength: 20 })),
        signedIn: fc.oneof({ arbitrary: fc.constant(true), weight: 4 }, { arbitrary: fc.constant(false), weight: 1 }),
        query: fromSchema(schema.querystring),
        body: fc.oneof({ arbitrary: fromSchema(schema.body).map((body) => ({ json: body })), weight: 6 }, { arbitrary: raw.map((r) => ({ raw: r })), weight: 1 }),
      });
      // Sampled up front and sent a batch at a time: the hashing routes (login, register, password
      // checks) spend most of their time in argon2 on libuv's threads, so batches keep both cores busy.
      const samples = fc.sample(input, runs);
      for (let start = 0; start < samples.length; start += BATCH) {
        const batchOwner = owner;
        const answers = await Promise.all(samples.slice(start, start + BATCH).map(async ({ ownId, otherId, signedIn, query, body }) => {
          const request: InjectOptions = {
            method: route.method as InjectOptions['method'],
            url: fillPath(route.url, Object.fromEntries(params.map((name) => [name, ownId ? batchOwner.id : otherId]))),
            headers: signedIn ? bearer(batchOwner.token) : {},
          };
          if (query && typeof query === 'object') {
            request.query = Object.fromEntries(Object.entries(query).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
          }
          if (route.method !== 'GET') {
            if ('json' in body) {
              request.payload = JSON.stringify(body.json) ?? 'null';
              request.headers = { ...request.headers, 'content-type': 'application/json' };
            } else {
              request.payload = Buffer.from(body.raw.bytes);
              request.headers = { ...request.headers, 'content-type': body.raw.contentType };
            }
          }
          figures.requests++;
          const answer = await t.app.inject(request);
          if (answer.statusCode === 500 || (answer.statusCode >= 400 && leaks.test(answer.body))) {
            problems.push(`${routeKey(route)} ${answer.statusCode} ${answer.body.slice(0, 200)} ← ${JSON.stringify(request).slice(0, 300)}`);
          }
          return answer.statusCode === 401 && signedIn;
        }));
        // A call that ended the owner's account or session: carry on with a new owner.
        if (answers.includes(true)) owner = await newOwner();
      }
    }
    figures.violations += problems.length;
    expect(problems).toEqual([]);
    expect(figures.requests).toBeGreaterThanOrEqual(TOTAL_REQUESTS);
  }, 600_000);
});

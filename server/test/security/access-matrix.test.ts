import type { InjectOptions } from 'fastify';
import { SETUP_TIMEOUT } from '../build-test-app.js';
import {
  ADDED_BY_OTHERS, badCallers, bearer, giveVictimContent, givePublicPosts, grantRole, listReads, postContactValues, SHOWS_POST_CONTACT, fillPath, paramsOf,
  privateValues, recordFigures, routeKey, rowsOf, scenarios, signUp, startSuite, type Account, type Suite,
} from './harness.js';

// The authorization matrix, generated from the app's own route table: every route × every kind of
// caller. A route joins the day it is registered (it must declare an access class and have a scenario).
let suite: Suite;
beforeAll(async () => {
  suite = await startSuite();
}, SETUP_TIMEOUT);
afterAll(() => suite?.close());

const figures = { routes: 0, requests: 0, violations: 0 };
afterAll(() => recordFigures('authorization matrix', figures));

/** Every status each route answered in this suite, for the check against the API reference (last test). */
const answered = new Map<string, Set<number>>();
const note = (key: string, status: number) => answered.set(key, (answered.get(key) ?? new Set()).add(status));

describe('the route table', () => {
  it('every registered route declares an access class; outside /api only public files', () => {
    const table = suite.t.app.routeTable;
    expect(table.filter((route) => !route.access).map(routeKey)).toEqual([]);
    expect(table.filter((route) => !route.url.startsWith('/api/') && route.access !== 'public').map(routeKey)).toEqual([]);
    expect(suite.apiRoutes.length).toBeGreaterThanOrEqual(16);
  });

  it('every /api route has a matrix scenario', () => {
    expect(suite.apiRoutes.map(routeKey).filter((key) => !scenarios[key])).toEqual([]);
  });
});

describe('every route × every caller', () => {
  it('no unexpected success, no change to the victim\'s rows, no private field to anyone but the owner', async () => {
    const { t } = suite;
    const victim = await signUp(t.app);
    await giveVictimContent(t, victim);
    const callers = await badCallers(t, victim);
    const before = await rowsOf(t, victim.id);
    const problems: string[] = [];
    const send = async (route: (typeof suite.apiRoutes)[number], request: InjectOptions, token: string | undefined, params: Record<string, string>) => {
      figures.requests++;
      const answer = await t.app.inject({
        ...request,
        method: route.method as InjectOptions['method'],
        url: fillPath(route.url, params),
        headers: { ...(request.headers ?? {}), ...(token ? bearer(token) : {}) },
      });
      note(routeKey(route), answer.statusCode);
      return answer;
    };
    for (const route of suite.apiRoutes) {
      figures.routes++;
      // A fresh attacker for each route: what a call did to the attacker's own account (logout,
      // a new e-mail address) must not spoil the next route's call.
      const attacker = await signUp(t.app);
      const key = routeKey(route);
      const scenario = scenarios[key];
      const access = route.access!;
      const victimParams = Object.fromEntries(paramsOf(route.url).map((name) => [name, victim.id]));
      // The attacker's own valid request, aimed at the victim's id wherever the path or body names a user.
      const request = await scenario.request(t, attacker);
      // A body that may name a user (an object schema, or one of a union's) names the victim.
      interface BodySchema { properties?: object; anyOf?: BodySchema[] }
      const body = route.schema?.body as BodySchema | undefined;
      const bodyFields = body?.properties ?? body?.anyOf?.find((option) => option.properties)?.properties ?? {};
      const payload = request.payload && typeof request.payload === 'object' && !Buffer.isBuffer(request.payload)
        ? { ...request.payload, ...('userId' in bodyFields ? { userId: victim.id } : {}) }
        : request.payload;
      const aimed = { ...request, payload };
      // The moderation routes do not reveal themselves: 404 where others answer 401.
      const refused = access === 'moderator' ? 404 : 401;
      for (const [caller, token] of Object.entries(callers)) {
        const answer = await send(route, aimed, token, victimParams);
        if (access !== 'public' && answer.statusCode !== refused) problems.push(`${key} as ${caller}: ${answer.statusCode} ${answer.body.slice(0, 120)}`);
        if (answer.statusCode >= 500) problems.push(`${key} as ${caller}: ${answer.statusCode}`);
        if ([...privateValues(victim), ...postContactValues(victim)].some((value) => answer.body.includes(value))) problems.push(`${key} as ${caller} shows private fields`);
      }
      const allowed = typeof access === 'object' ? [403, 404] : access === 'moderator' ? [404] : access === 'public' || access === 'signed-in' ? null : [];
      // The account's own e-mail and number never; what the victim typed into a post only on its Contact route.
      const hidden = SHOWS_POST_CONTACT.has(key) ? privateValues(victim) : [...privateValues(victim), ...postContactValues(victim)];
      // Another member; and outside moderation, a moderator too, who has no more power there than a member.
      const others: Array<[string, Account]> = [['another user', attacker]];
      if (access !== 'moderator') {
        const moderator = await signUp(t.app);
        await grantRole(t, moderator, 'moderator');
        others.push(['a moderator', moderator]);
      }
      for (const [who, other] of others) {
        const asOther = await send(route, aimed, other.token, victimParams);
        if (allowed && !allowed.includes(asOther.statusCode)) problems.push(`${key} as ${who}: ${asOther.statusCode} ${asOther.body.slice(0, 120)}`);
        if (asOther.statusCode >= 500) problems.push(`${key} as ${who}: ${asOther.statusCode}`);
        if (hidden.some((value) => asOther.body.includes(value))) problems.push(`${key} as ${who} shows private fields`);
      }
    }
    const after = await rowsOf(t, victim.id);
    for (const table of Object.keys(before)) {
      if (ADDED_BY_OTHERS.has(table)) {
        const now = new Set(after[table].map((row) => JSON.stringify(row)));
        if (!before[table].every((row) => now.has(JSON.stringify(row)))) problems.push(`the victim's rows in ${table} changed`);
      } else if (JSON.stringify(before[table]) !== JSON.stringify(after[table])) {
        problems.push(`the victim's rows in ${table} changed`);
      }
    }
    figures.violations += problems.length;
    expect(problems).toEqual([]);
  }, 240_000);

  it('no list, search or map answer carries any account\'s e-mail or phone, nor any post\'s contact (issue 32, finding 1)', async () => {
    const { t } = suite;
    const word = `harvest${Date.now().toString(36)}`;
    const authors = [await signUp(t.app), await signUp(t.app)];
    const posts = (await Promise.all(authors.map((author) => givePublicPosts(t, author, word)))).flat();
    const reader = await signUp(t.app);
    const values = authors.flatMap((author) => [author.body.email, author.body.contactNumber, ...postContactValues(author)]);
    const reads = listReads(word);
    const problems: string[] = [];
    // Every GET route without a path parameter: the lists, search and map asked so they show the posts, the rest with their scenario.
    const routes = suite.apiRoutes.filter((route) => route.method === 'GET' && paramsOf(route.url).length === 0);
    expect(routes.map(routeKey)).toEqual(expect.arrayContaining(Object.keys(reads)));
    for (const route of routes) {
      const key = routeKey(route);
      const request = reads[key] ? { query: reads[key] } : await scenarios[key].request(t, reader);
      for (const token of [reader.token, undefined]) {
        figures.requests++;
        const answer = await t.app.inject({ ...request, method: 'GET', url: route.url, headers: { ...(request.headers ?? {}), ...(token ? bearer(token) : {}) } });
        const as = token ? 'a member' : 'a visitor';
        if (reads[key] && answer.statusCode !== 200) problems.push(`${key} as ${as}: ${answer.statusCode}`);
        // A read that does not show the posts would prove nothing.
        if (reads[key] && !posts.some((id) => answer.body.includes(id))) problems.push(`${key} as ${as} shows none of the posts`);
        const shown = values.filter((value) => answer.body.includes(value));
        if (shown.length > 0) problems.push(`${key} as ${as} shows ${shown.join(', ')}`);
      }
    }
    figures.violations += problems.length;
    expect(problems).toEqual([]);
  }, 120_000);

  it('the owner\'s own valid call succeeds on every route (the matrix requests are real ones)', async () => {
    const { t } = suite;
    const problems: string[] = [];
    for (const route of suite.apiRoutes) {
      const key = routeKey(route);
      const owner = await signUp(t.app);
      const { role } = scenarios[key];
      if (role) await grantRole(t, owner, role);
      const request = await scenarios[key].request(t, owner);
      figures.requests++;
      const answer = await t.app.inject({
        ...request,
        method: route.method as InjectOptions['method'],
        url: fillPath(route.url, Object.fromEntries(paramsOf(route.url).map((name) => [name, owner.id]))),
        headers: { ...(request.headers ?? {}), ...bearer(owner.token) },
      });
      note(key, answer.statusCode);
      if (answer.statusCode !== scenarios[key].ok) problems.push(`${key}: ${answer.statusCode} ${answer.body.slice(0, 160)}`);
    }
    figures.violations += problems.length;
    expect(problems).toEqual([]);
  }, 240_000);
});

// A route that gives an answer its schema does not describe fails here: every status the matrix saw
// (the owner's call, every bad caller's) is a response of the route's operation in the generated
// OpenAPI document (modules/docs), but the reference's own routes, which it hides. Runs last.
describe('the API reference', () => {
  it('describes every answer the matrix got', () => {
    // Read as plain JSON: @fastify/swagger's type is a union of OpenAPI 2 and 3 documents.
    const doc = suite.t.app.swagger() as unknown as { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
    expect(answered.size).toBeGreaterThan(0);
    const missing: string[] = [];
    for (const route of suite.apiRoutes.filter((r) => !r.schema?.hide)) {
      const key = routeKey(route);
      const operation = doc.paths[route.url.replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase()];
      for (const status of answered.get(key) ?? []) if (status < 500 && !operation?.responses[status]) missing.push(`${key}: ${status}`);
    }
    expect(missing).toEqual([]);
  });
});

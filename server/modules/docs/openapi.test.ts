import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { buildTestApp, SETUP_TIMEOUT, type TestApp } from '../../test/build-test-app.js';
import { accessName, FORMS, STORAGE_ROUTES } from './operation.js';
import { TAGS } from './tags.js';

interface Operation {
  'x-access'?: string;
  tags?: string[];
  security?: Array<Record<string, string[]>>;
  parameters?: Array<{ in: string; name: string }>;
  requestBody?: { content: Record<string, { schema: object }> };
  responses: Record<string, { description?: string; content?: Record<string, { schema: object }> }>;
}
interface Document { openapi: string; tags?: Array<{ name: string; description?: string }>; paths: Record<string, Record<string, Operation>> }

let t: TestApp;
let doc: Document;
beforeAll(async () => {
  t = await buildTestApp();
  const answer = await t.app.inject('/api/openapi.json');
  expect(answer.statusCode).toBe(200);
  expect(answer.headers['content-type']).toMatch(/^application\/json/);
  doc = answer.json<Document>();
}, SETUP_TIMEOUT);
afterAll(() => t?.close());

const toOpenapiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');
/** The /api routes the reference describes: all but the reference itself (hidden from its own document). */
const apiRoutes = () => t.app.routeTable.filter((route) => route.url.startsWith('/api/') && !route.schema?.hide);
const operationOf = (route: { method: string; url: string }) => doc.paths[toOpenapiPath(route.url)]?.[route.method.toLowerCase()];

describe('the OpenAPI document (GET /api/openapi.json)', () => {
  it('is OpenAPI 3.1 with one operation per /api route, and nothing else', () => {
    expect(doc.openapi).toBe('3.1.0');
    const documented = Object.entries(doc.paths).flatMap(([url, ops]) => Object.keys(ops).map((method) => `${method.toUpperCase()} ${url}`)).sort();
    expect(documented).toEqual(apiRoutes().map((route) => `${route.method} ${toOpenapiPath(route.url)}`).sort());
    expect(documented.length).toBeGreaterThanOrEqual(80);
  });

  it('carries each route\'s access class, and a bearer requirement (optional on public routes)', () => {
    const wrong = apiRoutes().filter((route) => {
      const op = operationOf(route);
      const security = route.access === 'public' ? [{}, { bearer: [] }] : [{ bearer: [] }];
      return op['x-access'] !== accessName(route.access) || JSON.stringify(op.security) !== JSON.stringify(security);
    });
    expect(wrong.map((route) => `${route.method} ${route.url}`)).toEqual([]);
  });

  // A route without a schema for an answer it gives fails here: each operation has a success answer
  // with a body schema, and the error answers its access class, parameters and body let it give.
  it('every operation has a success answer with a schema, and its error answers', () => {
    const problems: string[] = [];
    for (const route of apiRoutes()) {
      const op = operationOf(route);
      const key = `${route.method} ${route.url}`;
      const codes = Object.keys(op.responses).map(Number);
      const successes = codes.filter((code) => code >= 200 && code < 300);
      if (successes.length === 0) problems.push(`${key}: no success answer`);
      // JSON, but for the files some routes answer (the .ics calendars), described in their own media type.
      const bodyOf = (code: number) => op.responses[code].content?.['application/json'] ?? op.responses[code].content?.['text/calendar'];
      for (const code of successes) if (!bodyOf(code)?.schema) problems.push(`${key}: ${code} has no schema`);
      const needed = [429];
      if (route.access === 'moderator') needed.push(404);
      else if (route.access !== 'public') needed.push(401);
      if (typeof route.access === 'object') needed.push(403, 404);
      if (route.schema?.params || route.schema?.body || route.schema?.querystring) needed.push(400);
      // Every route may meet the database down; the ones that store images also the bucket.
      needed.push(503);
      if (STORAGE_ROUTES.has(key) && !/image storage/.test(op.responses[503]?.description ?? '')) problems.push(`${key}: its 503 does not name the image storage`);
      for (const code of needed) if (!codes.includes(code)) problems.push(`${key}: no ${code}`);
      for (const code of codes.filter((c) => c >= 400)) {
        const schema = op.responses[code].content?.['application/json']?.schema as { properties?: object } | undefined;
        if (!schema?.properties || !('message' in schema.properties)) problems.push(`${key}: ${code} is not the error shape`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('puts every operation in exactly one known group (its module\'s tag), and names no empty group', () => {
    const known = Object.keys(TAGS);
    expect(doc.tags?.map((tag) => tag.name)).toEqual(known);
    for (const tag of doc.tags ?? []) expect([tag.name, tag.description]).toEqual([tag.name, expect.stringMatching(/\w/)]);
    const wrong: string[] = [];
    const used = new Set<string>();
    for (const [url, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        if (op.tags?.length !== 1 || !known.includes(op.tags[0])) wrong.push(`${method.toUpperCase()} ${url}: ${JSON.stringify(op.tags)}`);
        else used.add(op.tags[0]);
      }
    }
    expect(wrong).toEqual([]);
    expect(known.filter((tag) => !used.has(tag))).toEqual([]);
    // A few routes in the group of the module that defines them (sub-plugins included).
    expect(doc.paths['/api/login'].post.tags).toEqual(['Auth']);
    expect(doc.paths['/api/{id}/upload'].post.tags).toEqual(['Users']);
    expect(doc.paths['/api/send-email-otp'].post.tags).toEqual(['Account']);
    expect(doc.paths['/api/whispers/{id}/follow'].post.tags).toEqual(['Whispers']);
    expect(doc.paths['/api/moderation/log'].get.tags).toEqual(['Moderation']);
  });

  it('keeps the reference\'s own routes and the SPA\'s files out of the document', () => {
    const urls = Object.keys(doc.paths);
    expect(urls.filter((url) => url === '/api/openapi.json' || url.startsWith('/api/docs') || !url.startsWith('/api/'))).toEqual([]);
  });

  it('names every path parameter, and every schema in it compiles (no dangling $ref)', () => {
    const ajv = new Ajv2020({ strict: false });
    addFormats(ajv);
    for (const [url, ops] of Object.entries(doc.paths)) {
      const names = [...url.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
      for (const op of Object.values(ops)) {
        expect([url, (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name).sort()]).toEqual([url, names]);
        const schemas = [...Object.values(op.requestBody?.content ?? {}), ...Object.values(op.responses).flatMap((r) => Object.values(r.content ?? {}))];
        for (const { schema } of schemas) expect(() => ajv.compile(schema)).not.toThrow();
      }
    }
  });

  it('names only routes that exist as storing or deleting uploads', () => {
    const routes = new Set(apiRoutes().map((route) => `${route.method} ${route.url}`));
    expect([...STORAGE_ROUTES].filter((key) => !routes.has(key))).toEqual([]);
    expect(STORAGE_ROUTES.has('POST /api/:id/upload')).toBe(true);
    expect(STORAGE_ROUTES.has('PUT /api/edit-profile/:userId')).toBe(false);
  });

  it('describes the forms read by hand as multipart/form-data, with their file fields', () => {
    for (const [key, form] of Object.entries(FORMS)) {
      const [method, url] = key.split(' ');
      const op = operationOf({ method, url });
      expect([key, op]).toEqual([key, expect.anything()]);
      const multipart = op.requestBody?.content['multipart/form-data']?.schema as { properties: Record<string, unknown> };
      expect(Object.keys(multipart.properties)).toEqual(expect.arrayContaining(Object.keys(form.files)));
      if (form.json) expect(op.requestBody?.content['application/json']).toBeDefined();
    }
  });
});

describe('the reference page (GET /api/docs)', () => {
  const appCsp = async (url: string) => (await t.app.inject(url)).headers['content-security-policy'];

  it('renders Swagger UI on the document, its assets served, under a CSP of its own', async () => {
    const page = await t.app.inject('/api/docs');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const assets = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]);
    expect(assets).toEqual(expect.arrayContaining(['/api/docs/static/swagger-ui-bundle.js', '/api/docs/static/swagger-initializer.js', '/api/docs/static/swagger-ui.css']));
    for (const asset of assets) expect([asset, (await t.app.inject(asset)).statusCode]).toEqual([asset, 200]);
    const json = await t.app.inject('/api/docs/json');
    expect(json.json()).toEqual(doc);
    const csp = page.headers['content-security-policy'] as string;
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("connect-src 'self';");
    expect(csp).not.toContain('unsafe-eval');
  });

  it('leaves the CSP of every other answer as the app sets it', async () => {
    const app = await appCsp('/api/health');
    expect(app).toContain("default-src 'self'");
    expect(app).not.toBe(await appCsp('/api/docs'));
    for (const url of ['/', '/login', '/api/openapi.json', '/api/user/00000000-0000-4000-8000-000000000000', '/no-such-page']) {
      expect([url, await appCsp(url)]).toEqual([url, app]);
    }
  });
});

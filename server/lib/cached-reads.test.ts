import { brotliDecompressSync } from 'node:zlib';
import { needs } from '../db/schema.js';
import { buildTestApp, SETUP_TIMEOUT, type TestApp } from '../test/build-test-app.js';
import { bearer, signUp } from '../test/fixtures.js';
import { boardsChanged } from './cached-reads.js';
import { multipart } from '../test/multipart.js';

// The boards' list pages are kept serialized until a write to the board forgets them (lib/cached-reads.ts).
let t: TestApp;
let owner: { id: string; token: string };
beforeAll(async () => {
  t = await buildTestApp();
  owner = await signUp(t.app);
  await t.db.insert(needs).values(Array.from({ length: 8 }, (_, i) => ({
    userId: owner.id, type: 'need' as const, category: 'Accommodation', serviceName: `Room near the fort ${i}`,
    description: 'A quiet room for a week, close to the old town.', phone: '+919876543210', email: 'asha@example.com',
  })));
}, SETUP_TIMEOUT);
afterAll(() => t.close());

const list = (headers: Record<string, string> = {}) => t.app.inject({ url: '/api/all-needs', headers });

describe('cached list answers', () => {
  it('answer JSON, the same text again, and never contact details (modules/contact answers them one at a time)', async () => {
    const first = await list();
    const again = await list();
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(again.body).toBe(first.body);
    expect(first.json().data[0].contactDetails).toBeUndefined();
    const signedIn = (await list(bearer(owner.token))).json();
    expect(signedIn.data[0].contactDetails).toBeUndefined();
  });

  it("show a write through the API at once, and a row written behind its back once the board is forgotten", async () => {
    const names = async () => (await list()).json().data.map((need: { serviceName: string }) => need.serviceName);
    expect(await names()).not.toContain('Scooter for the monsoon');
    await t.db.insert(needs).values({ userId: owner.id, type: 'available', category: 'Transport', serviceName: 'Scooter for the monsoon', description: '.' });
    expect(await names()).not.toContain('Scooter for the monsoon');
    boardsChanged(t.db, 'needs');
    expect((await names())[0]).toBe('Scooter for the monsoon');
    const form = await multipart({
      type: 'need', category: 'Transport', serviceName: 'Bicycle for a week', description: 'For the old town.',
      phone: '+919876543210', email: 'asha@example.com', address: 'Fort road', city: 'Kochi', state: 'Kerala', postalCode: '682001',
      latitude: '9.96', longitude: '76.24',
    });
    const created = await t.app.inject({ method: 'POST', url: `/api/create-need/${owner.id}`, headers: { ...bearer(owner.token), ...form.headers }, payload: form.payload });
    expect(created.statusCode).toBe(201);
    expect((await names())[0]).toBe('Bicycle for a week');
  });

  it('are compressed like any answer above 1 KB', async () => {
    const plain = await list();
    expect(plain.body.length).toBeGreaterThan(1024);
    const br = await list({ 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
  });
});

import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { idempotencyKeys, needs } from '../db/schema.js';
import { useTestApp } from '../test/build-test-app.js';
import { bearer, signUp, useAccount } from '../test/fixtures.js';
import { multipart } from '../test/multipart.js';

// Edge cases of the boards' shared helpers: cursors that are well-formed but name no real instant,
// a day Postgres cannot store, and an Idempotency-Key whose first request never finished.
const t = useTestApp();
const owner = useAccount(t);

const cursorOf = (text: string) => Buffer.from(text).toString('base64url');
const someId = '0d3c8e4b-1f5a-4c9e-8b7d-2a6f3e1c9b05';

describe('list cursors', () => {
  it.each([
    '2026-02-30T00:00:00.000000Z', '2026-01-01T25:00:00.000000Z', '0000-01-01T00:00:00.000000Z', '2026-01-01T00:00:60.000000Z',
    '2026-01-01 00:00:00+16', 'yesterday',
  ])('a cursor naming %s answers 400 Invalid cursor on every board', async (time) => {
    for (const url of ['/api/all-needs', '/api/all-requests', '/api/skills']) {
      const response = await t.app.inject({ url, query: { cursor: cursorOf(`${time}|${someId}`) } });
      expect({ url, status: response.statusCode, body: response.json() }).toEqual({ url, status: 400, body: expect.objectContaining({ message: 'Invalid cursor' }) });
    }
  });

  it('pages keep their order across microseconds in any DateStyle', async () => {
    await t.db.execute(sql`set datestyle = 'SQL, DMY'`);
    try {
      await t.db.insert(needs).values([1, 2, 3].map((i) => ({
        userId: owner.id, type: 'need' as const, category: 'Food', serviceName: `Micro ${i}`, description: 'x',
        createdAt: sql`${`2098-01-01 00:00:00.00000${i}+00`}::timestamptz` as unknown as Date,
      })));
      const first = (await t.app.inject({ url: '/api/all-needs', query: { limit: '1' } })).json();
      const second = (await t.app.inject({ url: '/api/all-needs', query: { limit: '2', cursor: first.nextCursor } })).json();
      expect([...first.data, ...second.data].map((need: { serviceName: string }) => need.serviceName)).toEqual(['Micro 3', 'Micro 2', 'Micro 1']);
    } finally {
      await t.db.execute(sql`set datestyle = 'ISO, MDY'`);
    }
  });
});

it('an event day filter of year 0 answers 400, not 500', async () => {
  expect((await t.app.inject({ url: '/api/all-requests', query: { date: '0000-01-01' } })).statusCode).toBe(400);
});

describe('Idempotency-Key', () => {
  const form = {
    type: 'need', category: 'Transport', serviceName: 'Ride to the airport', description: 'Two bags.', phone: '+919876543210',
    email: 'rider@example.net', address: 'Fontainhas', city: 'Panaji', state: 'Goa', postalCode: '403001', latitude: '15.4989', longitude: '73.8278',
  };
  const create = async (key: string) => {
    const body = await multipart(form, [{ name: 'images', bytes: await sharp({ create: { width: 4, height: 4, channels: 3, background: '#123' } }).png().toBuffer(), filename: 'a.png', type: 'image/png' }]);
    return t.app.inject({ method: 'POST', url: `/api/create-need/${owner.id}`, headers: { ...bearer(owner.token), ...body.headers, 'idempotency-key': key }, payload: body.payload });
  };

  it('a claim still running answers 409; one abandoned for minutes is taken over and the create runs', async () => {
    await t.db.insert(idempotencyKeys).values({ userId: owner.id, key: 'running', route: 'create-need' });
    expect((await create('running')).statusCode).toBe(409);
    await t.db.insert(idempotencyKeys).values({ userId: owner.id, key: 'abandoned', route: 'create-need', createdAt: new Date(Date.now() - 3 * 60_000) });
    const taken = await create('abandoned');
    expect(taken.statusCode).toBe(201);
    const again = await create('abandoned');
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(taken.json());
  });
});

it("an edit of someone else's need answers 403 before its form is read (even a broken one)", async () => {
  const other = await signUp(t.app);
  const [need] = await t.db.insert(needs).values({ userId: owner.id, type: 'need', category: 'Food', serviceName: 'Mine', description: 'x' }).returning({ id: needs.id });
  const response = await t.app.inject({
    method: 'PUT', url: `/api/needs/${need.id}`,
    headers: { ...bearer(other.token), 'content-type': 'multipart/form-data; boundary=x' }, payload: '--x\r\nnonsense',
  });
  expect(response.statusCode).toBe(403);
});

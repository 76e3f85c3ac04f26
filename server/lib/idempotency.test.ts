import { and, eq } from 'drizzle-orm';
import { idempotencyKeys, trips } from '../db/schema.js';
import { useTestApp } from '../test/build-test-app.js';
import { bearer, useAccount } from '../test/fixtures.js';
import { callerOf } from '../plugins/auth.js';
import { idempotent } from './idempotency.js';

// The key's row and the create's writes commit together: a create that fails after its insert
// (as a process killed there would) leaves neither, so the retry creates the record once; two
// requests with one key at once make one record.
const prepared: string[] = [];
const discarded: string[] = [];
const t = useTestApp({
  extend: (app) => {
    app.post<{ Querystring: { fail?: string } }>('/api/test/idempotent-trip', { config: { access: 'signed-in' } }, async (request, reply) => {
      const userId = callerOf(request).user.id;
      return idempotent(app.db, request, reply, { userId, route: 'test-trip' }, {
        prepare: async () => {
          const name = `file-${prepared.length}`;
          prepared.push(name);
          return name;
        },
        discard: async (name) => {
          discarded.push(name);
        },
        create: async (db) => {
          const [trip] = await db.insert(trips).values({ userId, fromPlace: 'Goa', toPlace: 'Hampi', destinationKey: 'hampi', startDate: '2026-12-01', endDate: '2026-12-03', peopleCount: 1, budget: 100 })
            .returning({ id: trips.id });
          if (request.query.fail) throw new Error('failed after the insert');
          return { statusCode: 201, body: { id: trip.id } };
        },
      });
    });
  },
});
const owner = useAccount(t);

const send = (key: string, fail = false) => t.app.inject({
  method: 'POST', url: '/api/test/idempotent-trip', query: fail ? { fail: '1' } : {}, headers: { ...bearer(owner.token), 'idempotency-key': key },
});
const tripsOf = async () => (await t.db.select({ id: trips.id }).from(trips).where(eq(trips.userId, owner.id))).length;
const keyRow = async (key: string) => (await t.db.select().from(idempotencyKeys).where(and(eq(idempotencyKeys.userId, owner.id), eq(idempotencyKeys.key, key))))[0];

it('a create that fails after its insert leaves no record and no key; its prepared work is discarded; the retry creates once', async () => {
  const before = await tripsOf();
  const failed = await send('fails-then-works', true);
  expect(failed.statusCode).toBe(500);
  expect(await tripsOf()).toBe(before);
  expect(await keyRow('fails-then-works')).toBeUndefined();
  expect(discarded).toContain(prepared.at(-1));

  const created = await send('fails-then-works');
  expect(created.statusCode).toBe(201);
  const replayed = await send('fails-then-works');
  expect(replayed.headers['idempotent-replayed']).toBe('true');
  expect(replayed.json()).toEqual(created.json());
  expect(await tripsOf()).toBe(before + 1);
  expect(await keyRow('fails-then-works')).toMatchObject({ statusCode: 201, answer: created.json() });
});

it('a retry is answered before anything is prepared', async () => {
  await send('prepared-once');
  const count = prepared.length;
  await send('prepared-once');
  expect(prepared.length).toBe(count);
});

it('eight requests with one key at once make one record and all get its answer', async () => {
  const before = await tripsOf();
  const answers = await Promise.all(Array.from({ length: 8 }, () => send('at-once')));
  expect(answers.map((answer) => answer.statusCode)).toEqual(Array(8).fill(201));
  expect(new Set(answers.map((answer) => answer.json().id)).size).toBe(1);
  expect(await tripsOf()).toBe(before + 1);
});

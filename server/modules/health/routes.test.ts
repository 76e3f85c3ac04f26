import { sql } from 'drizzle-orm';
import { logCapture } from '../../test/log-capture.js';
import { buildTestApp, SETUP_TIMEOUT, type TestApp } from '../../test/build-test-app.js';
import { createTestDatabase } from '../../test/test-database.js';

// The probes: /api/health answers while the process lives; /api/ready only while the database
// answers and has every migration. Neither is rate limited nor logged at info level.
let t: TestApp;
const log = logCapture('info');
const { lines } = log;
beforeAll(async () => {
  t = await buildTestApp({ logger: log.logger, limits: { apiPerMinute: 3 } });
}, SETUP_TIMEOUT);
afterAll(() => t?.close());

const get = (app: TestApp['app'], url: string) => app.inject({ method: 'GET', url });

describe('GET /api/health and GET /api/ready', () => {
  it('answer 200 however often they are polled, and leave no info line in the log', async () => {
    lines.length = 0;
    for (let i = 0; i < 10; i++) {
      const health = await get(t.app, '/api/health');
      expect([health.statusCode, health.json()]).toEqual([200, { status: true, message: 'OK' }]);
      const ready = await get(t.app, '/api/ready');
      expect([ready.statusCode, ready.json()]).toEqual([200, { status: true, message: 'Ready' }]);
    }
    expect(lines.filter((line) => line.includes('/api/health') || line.includes('/api/ready'))).toEqual([]);
    // Other routes are still limited (3 a minute here) and logged.
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await get(t.app, '/api/notifications')).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
    expect(lines.some((line) => line.includes('/api/notifications'))).toBe(true);
  });

  it('ready answers 503 while a migration is missing', async () => {
    const [newest] = (await t.db.execute(sql`DELETE FROM drizzle.__drizzle_migrations WHERE created_at = (SELECT max(created_at) FROM drizzle.__drizzle_migrations) RETURNING *`) as unknown as { rows: Record<string, unknown>[] }).rows;
    try {
      const ready = await get(t.app, '/api/ready');
      expect([ready.statusCode, ready.json()]).toEqual([503, { status: false, message: 'Database migrations are pending' }]);
      expect((await get(t.app, '/api/health')).statusCode).toBe(200);
    } finally {
      await t.db.execute(sql`INSERT INTO drizzle.__drizzle_migrations (id, hash, created_at) VALUES (${newest.id}, ${newest.hash}, ${newest.created_at})`);
    }
    expect((await get(t.app, '/api/ready')).statusCode).toBe(200);
  });

  it('ready answers 503 when the database is down; health still answers 200', async () => {
    const database = await createTestDatabase();
    await database.close();
    const down = await buildTestApp({ db: database.db });
    try {
      const ready = await get(down.app, '/api/ready');
      expect([ready.statusCode, ready.json()]).toEqual([503, { status: false, message: 'Database is not reachable' }]);
      const health = await get(down.app, '/api/health');
      expect([health.statusCode, health.json()]).toEqual([200, { status: true, message: 'OK' }]);
    } finally {
      await down.close();
    }
  }, SETUP_TIMEOUT);
});

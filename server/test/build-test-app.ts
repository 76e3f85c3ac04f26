import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buildApp, type App, type AppDeps } from '../app.js';
import { loadConfig, type Config, type Limits } from '../config.js';
import type { Db } from '../db/client.js';
import { startSmtpSink, type SmtpSink } from './smtp-sink.js';
import { createTestDatabase, migrationsFolder } from './test-database.js';

/** For beforeAll: PGlite's first start takes ~4 s alone, more on a busy machine. */
export const SETUP_TIMEOUT = 60_000;

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';

export interface TestAppOptions {
  /** Lowered in rate-limit tests; generous by default so other tests never meet a limit. */
  limits?: Partial<Limits>;
  config?: Partial<Omit<Config, 'limits'>>;
  /** Another app's database (a restart); it stays open when this app closes. */
  db?: Db;
  /** Fastify's logger option (default: none); tests that read the log pass pino options with a stream. */
  logger?: AppDeps['logger'];
  /** The app's clock (default: the system's); jobs are due by it. */
  clock?: () => Date;
  /** Add routes (e.g. to exercise access classes) before the app is made ready. */
  extend?: (app: App) => void | Promise<void>;
}

export interface TestApp {
  app: App;
  db: Db;
  config: Config;
  close(): Promise<void>;
}

/** One app per test file (PGlite's first start takes seconds); isolate data with unique usernames. */
export async function buildTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ns-test-'));
  // Port 9 on loopback refuses at once: no test ever reaches the real Nominatim.
  const base = loadConfig({ DATA_DIR: dataDir, STATIC_DIR: path.join(dataDir, 'dist'), JWT_SECRET: TEST_JWT_SECRET, NOMINATIM_URL: 'http://127.0.0.1:9' });
  const config: Config = {
    ...base,
    // No jobs loop: a test runs due jobs itself (app.jobs.runDue), when its clock says so.
    jobsPollMs: 0,
    ...options.config,
    limits: {
      ...base.limits, apiPerMinute: 100_000, loginPerMinute: 100_000, loginFailures: 1_000, loginSlowdownAfter: 1_000, otpSendsPerIp: 100_000,
      registrationsPerIp: 100_000, codeFailuresPerAddress: 1_000, uploadsPerUser: 1_000, geoPerMinute: 100_000,
      geoUpstreamIntervalMs: 0, geoTimeoutMs: 2000, socketHandshakesPerMinute: 100_000, ...options.limits,
    },
  };
  const database = options.db
    ? { db: options.db, close: async () => {} }
    : await createTestDatabase();
  const app = await buildApp({ config, db: database.db, migrationsFolder, logger: options.logger ?? false, clock: options.clock });
  try {
    await options.extend?.(app);
    await app.ready();
  } catch (error) {
    await app.close().catch(() => {});
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    app,
    db: database.db,
    config,
    async close() {
      await app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

interface UseOptions extends TestAppOptions {
  /** Mail goes to a sink of the app's own (`sink`). */
  mail?: boolean;
  /** The app listens on a free port of 127.0.0.1 (`url`), for socket tests. */
  listen?: boolean;
}
type Used<O> = TestApp & (O extends { mail: true } ? { sink: SmtpSink } : unknown) & (O extends { listen: true } ? { url: string } : unknown);

/**
 * The set-up most test files share: one app built before their tests and closed after them. The
 * object is filled in by beforeAll: read its fields in tests and later hooks, not when the file loads.
 */
export function useTestApp<O extends UseOptions>({ mail, listen, ...options }: O = {} as O): Used<O> {
  const handle = {} as TestApp & { sink?: SmtpSink; url?: string };
  beforeAll(async () => {
    const sink = mail ? await startSmtpSink() : undefined;
    Object.assign(handle, { sink }, await buildTestApp(sink ? { ...options, config: { ...options.config, smtpUrl: sink.url } } : options));
    if (listen) {
      await handle.app.listen({ port: 0, host: '127.0.0.1' });
      handle.url = `http://127.0.0.1:${(handle.app.server.address() as AddressInfo).port}`;
    }
  }, SETUP_TIMEOUT);
  afterAll(async () => {
    await handle.close?.();
    await handle.sink?.close();
  });
  return handle as Used<O>;
}

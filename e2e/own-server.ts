import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, type APIRequestContext, type PlaywrightWorkerArgs } from '@playwright/test';
import { freePort } from '../bench/free-port.mjs';
import { serverInstance } from '../scripts/scale-stack.mjs';
import type { TestUser } from './helpers';

export type Member = { token: string; user: Record<string, unknown> & { _id: string; email: string } };

/**
 * A server of a spec's own (the built bundle and dist/, as `npm start` runs them: `npm run build`
 * first) on a free port with a throwaway DATA_DIR and no demo content, for settings that must not
 * touch other journeys (a short e-mail delay, loopback push endpoints). Start in `beforeAll`, stop
 * in `afterAll`.
 */
export function ownServer(name: string, env: Record<string, string>) {
  let dataDir = '';
  let server: ReturnType<typeof serverInstance> | undefined;
  const own = {
    origin: '',
    dataDir: '',
    api: undefined as unknown as APIRequestContext,
    async start(playwright: PlaywrightWorkerArgs['playwright']) {
      dataDir = mkdtempSync(path.join(tmpdir(), `need-spot-e2e-${name}-`));
      own.dataDir = dataDir;
      const port = await freePort();
      own.origin = `http://127.0.0.1:${port}`;
      server = serverInstance(process.cwd(), {
        LOG_LEVEL: 'warn', DATA_DIR: dataDir, SEED_DEMO: 'false', NOMINATIM_URL: 'http://127.0.0.1:9',
        JOBS_POLL_MS: '250', PUBLIC_URL: own.origin, ...env,
      }, port);
      own.api = await playwright.request.newContext({ baseURL: own.origin });
      await server.start();
    },
    async stop() {
      await own.api?.dispose();
      await server?.stop('SIGTERM');
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
    /** Registers and signs in through the API, as the SPA does. */
    async signUp(user: TestUser): Promise<Member> {
      const { password, ...rest } = user;
      const registered = await own.api.post('/api/register', { data: { ...rest, password, confirmPassword: password } });
      expect(registered.status(), await registered.text()).toBe(201);
      const login = await own.api.post('/api/login', { data: { username: user.username, password } });
      expect(login.status(), await login.text()).toBe(200);
      return (await login.json()) as Member;
    },
  };
  return own;
}

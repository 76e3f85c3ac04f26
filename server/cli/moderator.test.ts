import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { lockDataDir } from '../lib/data-dir-lock.js';
import { useTestApp } from '../test/build-test-app.js';
import { bearer, signUp } from '../test/fixtures.js';
import { runModeratorCommand } from './moderator-commands.js';

const t = useTestApp();
const root = path.join(__dirname, '..', '..');

/** `npm run moderator -- <args>` as a process of its own (tsx, as package.json runs it), on DATA_DIR `dataDir`. */
function runCli(args: string[], dataDir: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/cli/moderator.ts', ...args], { cwd: root, env });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stdout, stderr })));
}

describe('npm run moderator', () => {
  it('grant gives the role (the member\'s open session has it at once), revoke takes it, list names the moderators', async () => {
    const member = await signUp(t.app, { firstName: 'Mira', lastName: 'Das' });
    const queue = () => t.app.inject({ url: '/api/moderation/reports', headers: bearer(member.token) });
    expect((await queue()).statusCode).toBe(404);
    // Any case: usernames are unique case-insensitively.
    expect(await runModeratorCommand(t.db, ['grant', member.body.username.toUpperCase()])).toEqual({ code: 0, output: `${member.body.username} is now a moderator.` });
    expect((await queue()).statusCode).toBe(200);
    expect((await runModeratorCommand(t.db, ['list'])).output.split('\n')).toContain(`${member.body.username} (Mira Das)`);
    expect(await runModeratorCommand(t.db, ['revoke', member.body.username])).toEqual({ code: 0, output: `${member.body.username} is no longer a moderator.` });
    expect((await queue()).statusCode).toBe(404);
    expect((await runModeratorCommand(t.db, ['list'])).output).not.toContain(member.body.username);
  });

  it('refuses an unknown member (1) and anything else it does not understand (2)', async () => {
    expect(await runModeratorCommand(t.db, ['grant', 'no_such_member_here'])).toEqual({ code: 1, output: 'No member is called no_such_member_here.' });
    for (const args of [[], ['grant'], ['promote', 'x'], ['grant', 'a', 'b'], ['list', 'x']]) {
      expect(await runModeratorCommand(t.db, args)).toEqual({ code: 2, output: 'Usage: npm run moderator -- grant <username> | revoke <username> | list' });
    }
  });

  it('runs on the embedded database in DATA_DIR, and says so clearly when a server holds it', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ns-moderator-'));
    try {
      const fresh = await runCli(['list'], dataDir);
      expect([fresh.code, fresh.stdout.trim()]).toEqual([0, 'No moderators yet.']);
      // A server on it holds DATA_DIR's lock (server/main.ts): the command stops at once and says why.
      const release = await lockDataDir(dataDir, () => {});
      try {
        const locked = await runCli(['grant', 'someone'], dataDir);
        expect(locked.code).toBe(1);
        expect(locked.stderr.trim()).toBe(`The embedded database in ${dataDir} is in use by a running Need Spot server. Stop the server, run this again, then start it.`);
      } finally {
        await release();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});

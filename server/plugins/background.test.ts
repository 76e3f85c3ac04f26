import { Writable } from 'node:stream';
import { buildTestApp, SETUP_TIMEOUT, type TestApp } from '../test/build-test-app.js';

let t: TestApp;
const lines: string[] = [];
beforeAll(async () => {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  t = await buildTestApp({ logger: { level: 'error', stream } });
}, SETUP_TIMEOUT);
afterAll(() => t?.close());

describe('runInBackground', () => {
  it('logs a failed task through the redaction: a query error keeps its statement, never its parameters', async () => {
    const queryError = Object.assign(new Error('Failed query'), {
      query: 'update "users" set "password_hash" = $1', params: ['$argon2id$v=19$secret-hash'], cause: new Error('connection lost'),
    });
    t.app.runInBackground('test task', async () => {
      throw queryError;
    });
    await t.app.backgroundIdle();
    const log = lines.join('');
    expect(log).toContain('test task failed');
    expect(log).toContain('update \\"users\\" set');
    expect(log).not.toContain('secret-hash');
  });
});

import { stat, readFile, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { endpointProblem, guardedLookup, isPublicAddress } from './endpoint.js';
import { resolveVapidKeys } from './vapid.js';

describe('endpointProblem (SSRF: the server POSTs to the URL a browser gave)', () => {
  it.each([
    'https://fcm.googleapis.com/fcm/send/abc', 'https://updates.push.services.mozilla.com/wpush/v2/abc', 'https://8.8.8.8/x', 'https://[2606:4700::1111]/x',
  ])('takes %s', (endpoint) => {
    expect(endpointProblem(endpoint, false)).toBeNull();
  });

  it.each([
    ['http://fcm.googleapis.com/fcm/send/abc', 'https:'],
    ['https://127.0.0.1:8443/x', 'public address'],
    ['https://localhost/x', 'public address'],
    ['https://push.localhost/x', 'public address'],
    ['https://[::1]/x', 'public address'],
    ['https://10.1.2.3/x', 'public address'],
    ['https://172.20.0.1/x', 'public address'],
    ['https://192.168.0.1/x', 'public address'],
    ['https://169.254.169.254/x', 'public address'],
    ['https://100.64.0.1/x', 'public address'],
    ['https://0.0.0.0/x', 'public address'],
    ['https://[fd00::1]/x', 'public address'],
    ['https://[fe80::1]/x', 'public address'],
    ['https://[::ffff:127.0.0.1]/x', 'public address'],
    ['https://a:b@push.example.com/x', 'credentials'],
    ['gopher://push.example.com/x', 'https:'],
    ['nonsense', 'URL'],
  ])('refuses %s', (endpoint, why) => {
    expect(endpointProblem(endpoint, false)).toContain(why);
  });

  it('PUSH_ALLOW_LOOPBACK_HTTP lets http: and https: to loopback through, and nothing else', () => {
    expect(endpointProblem('http://127.0.0.1:4000/push/1', true)).toBeNull();
    expect(endpointProblem('http://localhost:4000/push/1', true)).toBeNull();
    expect(endpointProblem('https://[::1]:4000/push/1', true)).toBeNull();
    expect(endpointProblem('http://127.0.0.1:4000/push/1', false)).not.toBeNull();
    expect(endpointProblem('http://10.0.0.1/push/1', true)).not.toBeNull();
    expect(endpointProblem('http://push.example.com/push/1', true)).not.toBeNull();
  });

  it('isPublicAddress: public unicast only', () => {
    expect(isPublicAddress('1.1.1.1')).toBe(true);
    expect(isPublicAddress('127.0.0.1')).toBe(false);
    expect(isPublicAddress('::1')).toBe(false);
    expect(isPublicAddress('not an address')).toBe(false);
  });

  it('the connection-time lookup refuses a name that resolves to loopback, unless allowed', async () => {
    const resolve = (allow: boolean) => new Promise<string>((done, fail) => {
      guardedLookup(allow)('localhost', { family: 4 }, (error, address) => (error ? fail(error) : done(address as string)));
    });
    await expect(resolve(false)).rejects.toThrow('resolves to an address the server does not push to');
    await expect(resolve(true)).resolves.toBe('127.0.0.1');
  });
});

describe('resolveVapidKeys', () => {
  it('uses the configured pair; else generates one into DATA_DIR (mode 0600) and reads it back after', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ns-vapid-'));
    try {
      const configured = { publicKey: 'p', privateKey: 'q' };
      expect(await resolveVapidKeys(configured, dataDir)).toBe(configured);
      const first = await resolveVapidKeys(undefined, dataDir);
      expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
      expect(Buffer.from(first.privateKey, 'base64url')).toHaveLength(32);
      const file = path.join(dataDir, 'vapid-keys.json');
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      expect(JSON.parse(await readFile(file, 'utf8'))).toEqual(first);
      expect(await resolveVapidKeys(undefined, dataDir)).toEqual(first);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

import { buildTestApp, SETUP_TIMEOUT, type TestApp } from '../test/build-test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ config: { osrmUrl: 'https://router.example.org/route/v1', tileUrl: 'https://{s}.tiles.example.org/{z}/{x}/{y}.png' } });
}, SETUP_TIMEOUT);
afterAll(() => t.close());

describe('security headers', () => {
  it.each([
    ['an API answer', '/api/health', 200],
    ['an API error', '/api/singleneeds/not-a-uuid', 400],
    ['an unknown API route', '/api/no-such-route', 404],
  ])('%s carries the policy and helmet headers', async (_what, url, status) => {
    const response = await t.app.inject({ url });
    expect(response.statusCode).toBe(status);
    const csp = response.headers['content-security-policy'] as string;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toMatch(/img-src 'self' data: blob: https:\/\/0\.tiles\.example\.org/);
    expect(csp).toMatch(/connect-src 'self' https:\/\/router\.example\.org/);
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  });
});

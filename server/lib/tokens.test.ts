import { signToken, verifyToken } from './tokens.js';

const secret = 'a-secret-that-is-long-enough-for-hs256-0123456789';
const other = 'another-secret-long-enough-for-hs256-0123456789ab';
const claims = { userId: '9a7c1a52-58a7-4d7e-9a39-5c1d2f7c2a10', sessionId: '0d3c8e4b-1f5a-4c9e-8b7d-2a6f3e1c9b05' };

describe('tokens', () => {
  it('verifies its own tokens, again and again (the second time from memory), with the same claims', async () => {
    const token = await signToken(secret, claims, new Date(Date.now() + 60_000));
    expect(await verifyToken(secret, token)).toEqual(claims);
    expect(await verifyToken(secret, token)).toEqual(claims);
  });

  it('a token once verified under one secret is refused under another', async () => {
    const token = await signToken(secret, claims, new Date(Date.now() + 60_000));
    expect(await verifyToken(secret, token)).toEqual(claims);
    expect(await verifyToken(other, token)).toBeNull();
  });

  it('refuses a tampered token, even when the untampered one was verified before', async () => {
    const token = await signToken(secret, claims, new Date(Date.now() + 60_000));
    await verifyToken(secret, token);
    const [header, payload, signature] = token.split('.');
    const forged = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    forged.sub = '11111111-2222-4333-8444-555555555555';
    expect(await verifyToken(secret, `${header}.${Buffer.from(JSON.stringify(forged)).toString('base64url')}.${signature}`)).toBeNull();
  });

  it('a remembered token stops verifying when it expires', async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    try {
      const token = await signToken(secret, claims, new Date(Date.now() + 5_000));
      expect(await verifyToken(secret, token)).toEqual(claims);
      jest.setSystemTime(Date.now() + 6_000);
      expect(await verifyToken(secret, token)).toBeNull();
    } finally {
      jest.useRealTimers();
    }
  });
});

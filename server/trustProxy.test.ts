import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './testing/testApp.ts';
import { testDatabaseKinds } from './testing/testDatabase.ts';

// Which address a request is counted against, seen through the one limit a visitor meets first:
// /auth/* at AUTH_RATE_LIMIT_PER_MINUTE per client address. Through a real nginx in
// nginxTwoProcesses.test.ts.
describe.each(testDatabaseKinds())('the client address behind a proxy on %s', (kind) => {
  const nonce = (t: TestApp, remoteAddress: string, forwardedFor: string) =>
    t.app
      .inject({
        method: 'GET',
        url: '/auth/nonce',
        remoteAddress,
        headers: { 'x-forwarded-for': forwardedFor },
      })
      .then((response) => response.statusCode);

  let trustingNone: TestApp;
  let trusting: TestApp;
  // Two apps, so twice the usual hook time for opening their databases on a busy machine.
  beforeAll(async () => {
    trustingNone = await createTestApp(kind, { AUTH_RATE_LIMIT_PER_MINUTE: '1' });
    trusting = await createTestApp(kind, {
      AUTH_RATE_LIMIT_PER_MINUTE: '1',
      TRUST_PROXY: '10.0.0.2, 10.1.0.0/16',
    });
  }, 120_000);
  afterAll(async () => {
    await trustingNone?.close();
    await trusting?.close();
  });

  it('ignores X-Forwarded-For by default, even from loopback', async () => {
    expect(await nonce(trustingNone, '127.0.0.1', '198.51.100.1')).toBe(200);
    // A new forged address each time is still the same peer, so the second request is over.
    expect(await nonce(trustingNone, '127.0.0.1', '198.51.100.2')).toBe(429);
  });

  it('counts each client a listed proxy names on its own', async () => {
    expect(await nonce(trusting, '10.0.0.2', '198.51.100.11')).toBe(200);
    expect(await nonce(trusting, '10.1.7.7', '198.51.100.12')).toBe(200);
    expect(await nonce(trusting, '10.0.0.2', '198.51.100.11')).toBe(429);
  });

  it('ignores X-Forwarded-For forged by a peer that is not a listed proxy', async () => {
    expect(await nonce(trusting, '203.0.113.9', '198.51.100.21')).toBe(200);
    expect(await nonce(trusting, '203.0.113.9', '198.51.100.22')).toBe(429);
  });
});

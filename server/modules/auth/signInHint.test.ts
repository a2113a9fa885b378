import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildSiweMessage,
  cookieHeader,
  createTestWallet,
  fetchNonce,
  postVerify,
  signIn,
} from '#server/testing/signIn.ts';
import { createTestApp, type TestApp } from '#server/testing/testApp.ts';
import { testDatabaseKinds } from '#server/testing/testDatabase.ts';
import { SESSION_ABSOLUTE_TTL_MS, SESSION_IDLE_TTL_MS } from './sessionStore.ts';

const HINT = 'gridmind_signed_in';
const SESSION = 'gridmind_session';

/** The hint cookie a response set or cleared, if any. */
const hintOf = (response: LightMyRequestResponse) =>
  response.cookies.find((cookie) => cookie.name === HINT);

describe.each(testDatabaseKinds())('sign-in hint cookie on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { AUTH_RATE_LIMIT_PER_MINUTE: '100000' });
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (url: string, cookie: string) => t.app.inject({ url, headers: { cookie } });

  /** Verify of a fresh session's message for a new wallet, signed by `signer` (the wallet if none). */
  async function verifySignedBy(signer?: ReturnType<typeof createTestWallet>) {
    const wallet = createTestWallet();
    const { nonce, cookie } = await fetchNonce(t.app);
    const { APP_ORIGIN } = t.app.gridmind.config;
    const message = buildSiweMessage(APP_ORIGIN, wallet, nonce, t.clock.now());
    const signature = await (signer ?? wallet).signMessage({ message });
    return postVerify(t.app, cookie, { message, signature });
  }

  it('is set on sign-in: script-readable, Lax, path /, the session lifetime, not the token', async () => {
    const response = await verifySignedBy();
    expect(response.statusCode).toBe(200);
    const hint = hintOf(response);
    expect(hint).toMatchObject({ name: HINT, sameSite: 'Lax', path: '/' });
    expect(hint?.httpOnly).toBeFalsy();
    expect(hint?.secure).toBeFalsy();
    expect(hint?.maxAge).toBe(SESSION_ABSOLUTE_TTL_MS / 1000);
    const session = response.cookies.find((c) => c.name === SESSION);
    expect(session?.httpOnly).toBe(true);
    expect(hint?.value).not.toBe(session?.value);
  });

  it('is never set by a failed sign-in', async () => {
    const response = await verifySignedBy(createTestWallet());
    expect(response.statusCode).toBe(401);
    expect(hintOf(response)).toBeUndefined();
  });

  it('stays while the session is valid', async () => {
    const cookie = await signIn(t.app);
    expect(cookie).toContain(`${HINT}=`);
    for (const url of ['/api/me', '/auth/session']) {
      const response = await get(url, cookie);
      expect(response.statusCode).toBe(200);
      expect(hintOf(response)).toBeUndefined();
    }
  });

  it('is cleared on logout', async () => {
    const cookie = await signIn(t.app);
    const response = await get('/auth/logout', cookie);
    expect(response.statusCode).toBe(200);
    expect(hintOf(response)?.value).toBe('');
    expect(cookieHeader(response, cookie)).toBe('');
  });

  it('is cleared by the 401 of a request whose session has ended, once', async () => {
    const cookie = await signIn(t.app);
    t.clock.advance(SESSION_IDLE_TTL_MS + 1);
    const me = await get('/api/me', cookie);
    expect(me.statusCode).toBe(401);
    expect(hintOf(me)?.value).toBe('');
    const after = cookieHeader(me, cookie);
    expect(after).not.toContain(HINT);
    expect(hintOf(await get('/api/me', after))).toBeUndefined();
  });

  it('is cleared by an auth check that refuses it, and grants nothing on its own', async () => {
    for (const url of ['/api/me', '/api/bets?matchId=x', '/api/admin/users']) {
      const response = await get(url, `${HINT}=1`);
      expect(response.statusCode).toBe(401);
      expect(hintOf(response)?.value).toBe('');
    }
    const session = await get('/auth/session', `${HINT}=1`);
    expect(session.json()).toBeNull();
  });
});

describe('sign-in hint cookie on an https origin', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { APP_ORIGIN: 'https://gridmind.example' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('is a Secure __Host- cookie, set on sign-in and cleared on logout', async () => {
    const cookie = await signIn(t.app);
    expect(cookie).toContain(`__Host-${HINT}=`);
    const response = await t.app.inject({ url: '/auth/logout', headers: { cookie } });
    const hint = response.cookies.find((c) => c.name === `__Host-${HINT}`);
    expect(hint).toMatchObject({ value: '', secure: true, path: '/' });
  });
});

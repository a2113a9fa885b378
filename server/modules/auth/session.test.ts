import { getAddress } from 'viem';
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

const HOUR = 60 * 60 * 1000;

describe.each(testDatabaseKinds())('auth sessions on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { AUTH_RATE_LIMIT_PER_MINUTE: '100000' });
  });
  afterAll(async () => {
    await t.close();
  });

  const getSession = (cookie: string) =>
    t.app.inject({ method: 'GET', url: '/auth/session', headers: { cookie } });

  it('issues a 128-bit hex nonce as text, with an HttpOnly Lax session cookie', async () => {
    const response = await t.app.inject('/auth/nonce');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toMatch(/^[0-9a-f]{32}$/);
    const [cookie] = response.cookies;
    expect(cookie).toMatchObject({
      name: 'gridmind_session',
      httpOnly: true,
      sameSite: 'Lax',
      path: '/',
    });
    expect(cookie?.secure).toBeFalsy();
    const again = await fetchNonce(t.app);
    expect(again.nonce).not.toBe(response.body);
  });

  it('keeps the visitor session for further nonces instead of starting another', async () => {
    const first = await fetchNonce(t.app);
    const second = await t.app.inject({ url: '/auth/nonce', headers: { cookie: first.cookie } });
    expect(second.cookies).toEqual([]);
    expect(second.body).not.toBe(first.nonce);
  });

  it('answers JSON null for a visitor and a forged cookie', async () => {
    for (const cookie of ['', 'gridmind_session=forged', (await fetchNonce(t.app)).cookie]) {
      const response = await getSession(cookie);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('application/json');
      expect(response.json()).toBeNull();
    }
  });

  it('reports the address and chain a session signed in with', async () => {
    const wallet = createTestWallet();
    const cookie = await signIn(t.app, wallet, { fields: { chainId: 42161 } });
    const response = await getSession(cookie);
    expect(response.json()).toEqual({ address: getAddress(wallet.address), chainId: 42161 });
  });

  it('rotates the session id at sign-in, so the cookie from before it no longer signs in', async () => {
    const wallet = createTestWallet();
    const before = await fetchNonce(t.app);
    const message = buildSiweMessage(
      t.app.gridmind.config.APP_ORIGIN,
      wallet,
      before.nonce,
      t.clock.now(),
    );
    const signature = await wallet.signMessage({ message });
    const verified = await postVerify(t.app, before.cookie, { message, signature });
    expect(verified.statusCode).toBe(200);
    const after = cookieHeader(verified, before.cookie);
    const sessionOf = (cookie: string) => cookie.match(/gridmind_session=([^;]+)/)?.[1];
    expect(sessionOf(after)).toBeDefined();
    expect(sessionOf(after)).not.toBe(sessionOf(before.cookie));
    expect((await getSession(after)).json()).toEqual({
      address: getAddress(wallet.address),
      chainId: 1,
    });
    const old = `gridmind_session=${sessionOf(before.cookie)}`;
    expect((await getSession(old)).json()).toBeNull();
    const me = await t.app.inject({ url: '/api/me', headers: { cookie: old } });
    expect(me.statusCode).toBe(401);
  });

  it('ends a session after 24 h without requests', async () => {
    expect(SESSION_IDLE_TTL_MS).toBe(24 * HOUR);
    expect(SESSION_ABSOLUTE_TTL_MS).toBe(7 * 24 * HOUR);
    const cookie = await signIn(t.app);
    t.clock.advance(23 * HOUR);
    expect((await getSession(cookie)).json()).not.toBeNull();
    t.clock.advance(24 * HOUR - 1);
    expect((await getSession(cookie)).json()).not.toBeNull();
    t.clock.advance(24 * HOUR);
    expect((await getSession(cookie)).json()).toBeNull();
  });

  it('ends a session 7 days after sign-in however active it is', async () => {
    const cookie = await signIn(t.app);
    for (let hours = 0; hours < 7 * 24 - 12; hours += 12) {
      t.clock.advance(12 * HOUR);
      expect((await getSession(cookie)).json(), `after ${hours + 12} h`).not.toBeNull();
    }
    t.clock.advance(12 * HOUR);
    expect((await getSession(cookie)).json()).toBeNull();
  });

  it('signs out with a body of exactly {} and clears the cookie', async () => {
    const cookie = await signIn(t.app);
    const response = await t.app.inject({ url: '/auth/logout', headers: { cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('{}');
    expect(cookieHeader(response, cookie)).toBe('');
    expect((await getSession(cookie)).json()).toBeNull();
    const me = await t.app.inject({ url: '/api/me', headers: { cookie } });
    expect(me.statusCode).toBe(401);
  });
});

describe('auth on an https origin', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', {
      APP_ORIGIN: 'https://gridmind.example',
      AUTH_RATE_LIMIT_PER_MINUTE: '3',
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('uses a Secure __Host- cookie and signs in with the https origin', async () => {
    const response = await t.app.inject('/auth/nonce');
    const [cookie] = response.cookies;
    expect(cookie).toMatchObject({
      name: '__Host-gridmind_session',
      secure: true,
      httpOnly: true,
      path: '/',
    });
    expect(cookie?.domain).toBeUndefined();
  });

  it('rate-limits /auth/* with 429 and Retry-After', async () => {
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof t.app.inject>> | undefined;
    for (let request = 0; request < 4; request++) {
      last = await t.app.inject('/auth/session');
      statuses.push(last.statusCode);
    }
    // The https test above used one of the three requests.
    expect(statuses).toEqual([200, 200, 429, 429]);
    expect(Number(last?.headers['retry-after'])).toBeGreaterThan(0);
    expect(last?.json()).toEqual({
      error: `Too many requests: try again in ${last?.headers['retry-after']} s.`,
    });
    const health = await t.app.inject('/api/health');
    expect(health.statusCode).toBe(200);
  });
});

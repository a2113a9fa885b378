import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildSiweMessage,
  createTestWallet,
  fetchNonce,
  postVerify,
  type SiweFields,
} from '#server/testing/signIn.ts';
import { createTestApp, type TestApp } from '#server/testing/testApp.ts';
import { testDatabaseKinds } from '#server/testing/testDatabase.ts';
import { NONCE_TTL_MS } from './nonceStore.ts';
import { CLOCK_SKEW_MS } from './siweMessage.ts';

const ORIGIN = 'http://localhost:8080';
const SECOND = 1000;

describe.each(testDatabaseKinds())('POST /auth/verify on %s', (kind) => {
  let t: TestApp;
  // One app and database for the file: every test uses its own wallets and sessions.
  beforeAll(async () => {
    t = await createTestApp(kind, { AUTH_RATE_LIMIT_PER_MINUTE: '100000' });
  });
  afterAll(async () => {
    await t.close();
  });

  /** Nonce for a new session, a message built with `fields`, signed by the wallet: the verify reply. */
  async function attempt(fields: SiweFields = {}, options: { signAt?: number } = {}) {
    const wallet = createTestWallet();
    const { nonce, cookie } = await fetchNonce(t.app);
    const message = buildSiweMessage(
      ORIGIN,
      wallet,
      nonce,
      options.signAt ?? t.clock.now(),
      fields,
    );
    const signature = await wallet.signMessage({ message });
    return postVerify(t.app, cookie, { message, signature });
  }

  const expectRefused = (response: { statusCode: number; json: () => unknown }) => {
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ success: false });
  };

  it('accepts a valid signed message', async () => {
    const response = await attempt();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
  });

  it('refuses a replay of a message that already signed in', async () => {
    const wallet = createTestWallet();
    const { nonce, cookie } = await fetchNonce(t.app);
    const message = buildSiweMessage(ORIGIN, wallet, nonce, t.clock.now());
    const signature = await wallet.signMessage({ message });
    expect((await postVerify(t.app, cookie, { message, signature })).statusCode).toBe(200);
    expectRefused(await postVerify(t.app, cookie, { message, signature }));
  });

  it("refuses another session's nonce, which stays usable by its own session", async () => {
    const wallet = createTestWallet();
    const owner = await fetchNonce(t.app);
    const stranger = await fetchNonce(t.app);
    const message = buildSiweMessage(ORIGIN, wallet, owner.nonce, t.clock.now());
    const signature = await wallet.signMessage({ message });
    expectRefused(await postVerify(t.app, stranger.cookie, { message, signature }));
    expect((await postVerify(t.app, owner.cookie, { message, signature })).statusCode).toBe(200);
  });

  it('refuses a nonce the server never issued, and a request without a session', async () => {
    const { cookie } = await fetchNonce(t.app);
    const wallet = createTestWallet();
    const message = buildSiweMessage(ORIGIN, wallet, 'a1b2c3d4e5f6a7b8', t.clock.now());
    const signature = await wallet.signMessage({ message });
    expectRefused(await postVerify(t.app, cookie, { message, signature }));
    expectRefused(await postVerify(t.app, '', { message, signature }));
  });

  it('burns the nonce on a refused attempt, so a corrected retry needs a new one', async () => {
    const wallet = createTestWallet();
    const { nonce, cookie } = await fetchNonce(t.app);
    const wrongDomain = buildSiweMessage(ORIGIN, wallet, nonce, t.clock.now(), {
      domain: 'evil.example',
    });
    expectRefused(
      await postVerify(t.app, cookie, {
        message: wrongDomain,
        signature: await wallet.signMessage({ message: wrongDomain }),
      }),
    );
    const good = buildSiweMessage(ORIGIN, wallet, nonce, t.clock.now());
    expectRefused(
      await postVerify(t.app, cookie, {
        message: good,
        signature: await wallet.signMessage({ message: good }),
      }),
    );
  });

  it.each([
    ['another domain', { domain: 'evil.example' }],
    ['the right host on another port', { domain: 'localhost:8081' }],
    ['a URI on another origin', { uri: 'https://localhost:8080/' }],
    ['a URI on another host', { uri: 'http://evil.example/' }],
    ['an unsupported chain', { chainId: 10 }],
    ["a scheme other than the origin's", { scheme: 'https' }],
    ['a scheme that is not a web one', { scheme: 'ftp' }],
    ["the origin's scheme in upper case", { scheme: 'HTTP' }],
  ] as const)('refuses %s', async (_label, fields) => {
    expectRefused(await attempt(fields));
  });

  it("accepts a message naming the origin's scheme, and one naming none", async () => {
    const named = await attempt({ scheme: 'http' });
    expect(named.statusCode).toBe(200);
    expect(named.json()).toEqual({ success: true });
    expect((await attempt({ scheme: undefined })).statusCode).toBe(200);
  });

  it('accepts a URI with a path on the app origin, and Arbitrum One', async () => {
    expect((await attempt({ uri: `${ORIGIN}/games` })).statusCode).toBe(200);
    expect((await attempt({ chainId: 42161 })).statusCode).toBe(200);
  });

  it('refuses a version other than 1 and a message without Issued At', async () => {
    const wallet = createTestWallet();
    for (const edit of [
      (text: string) => text.replace('Version: 1', 'Version: 2'),
      (text: string) => text.replace(/\nIssued At: [^\n]+/, ''),
    ]) {
      const { nonce, cookie } = await fetchNonce(t.app);
      const message = edit(buildSiweMessage(ORIGIN, wallet, nonce, t.clock.now()));
      const signature = await wallet.signMessage({ message });
      expectRefused(await postVerify(t.app, cookie, { message, signature }));
    }
  });

  it('refuses a message that is not byte for byte canonical EIP-4361', async () => {
    const wallet = createTestWallet();
    for (const edit of [
      (text: string) => `${text}\n`,
      (text: string) => text.replace('URI: ', 'URI:  '),
      (text: string) => text.replace(wallet.address, wallet.address.toLowerCase()),
      (text: string) => text.replaceAll('\n', '\r\n'),
    ]) {
      const { nonce, cookie } = await fetchNonce(t.app);
      const message = edit(buildSiweMessage(ORIGIN, wallet, nonce, t.clock.now()));
      const signature = await wallet.signMessage({ message });
      expectRefused(await postVerify(t.app, cookie, { message, signature }));
    }
  });

  describe('time edges (60 s of skew)', () => {
    it('uses the specified limits: 60 s of skew, nonces for 10 minutes', () => {
      expect(CLOCK_SKEW_MS).toBe(60 * SECOND);
      expect(NONCE_TTL_MS).toBe(10 * 60 * SECOND);
    });

    it('accepts issuedAt exactly 60 s ahead and refuses 61 s ahead', async () => {
      expect((await attempt({}, { signAt: t.clock.now() + 60 * SECOND })).statusCode).toBe(200);
      expectRefused(await attempt({}, { signAt: t.clock.now() + 61 * SECOND }));
    });

    it('accepts issuedAt 60 s before the nonce was issued and refuses 61 s before', async () => {
      expect((await attempt({}, { signAt: t.clock.now() - 60 * SECOND })).statusCode).toBe(200);
      expectRefused(await attempt({}, { signAt: t.clock.now() - 61 * SECOND }));
    });

    it('accepts notBefore exactly 60 s ahead and refuses 61 s ahead', async () => {
      const at = (ms: number) => new Date(t.clock.now() + ms);
      expect((await attempt({ notBefore: at(60 * SECOND) })).statusCode).toBe(200);
      expectRefused(await attempt({ notBefore: at(61 * SECOND) }));
    });

    it('refuses an expirationTime that is now or past, accepts one a millisecond ahead', async () => {
      expectRefused(await attempt({ expirationTime: new Date(t.clock.now()) }));
      expectRefused(await attempt({ expirationTime: new Date(t.clock.now() - 1) }));
      expect((await attempt({ expirationTime: new Date(t.clock.now() + 1) })).statusCode).toBe(200);
    });

    it('accepts a nonce just under 10 minutes old and refuses one exactly 10 minutes old', async () => {
      for (const [ageMs, status] of [
        [10 * 60 * SECOND - 1, 200],
        [10 * 60 * SECOND, 401],
      ] as const) {
        const wallet = createTestWallet();
        const { nonce, cookie } = await fetchNonce(t.app);
        t.clock.advance(ageMs);
        const message = buildSiweMessage(ORIGIN, wallet, nonce, t.clock.now());
        const signature = await wallet.signMessage({ message });
        expect((await postVerify(t.app, cookie, { message, signature })).statusCode).toBe(status);
      }
    });
  });

  it('refuses a signature from another wallet and a malformed signature', async () => {
    const wallet = createTestWallet();
    const impostor = createTestWallet();
    for (const sign of [
      (message: string) => impostor.signMessage({ message }),
      async () => `0x${'ab'.repeat(65)}`,
      async (message: string) => {
        const signature = await wallet.signMessage({ message });
        // One flipped bit in r.
        const flipped = (Number.parseInt(signature.slice(10, 12), 16) ^ 1)
          .toString(16)
          .padStart(2, '0');
        return `${signature.slice(0, 10)}${flipped}${signature.slice(12)}`;
      },
    ]) {
      const { nonce, cookie } = await fetchNonce(t.app);
      const message = buildSiweMessage(ORIGIN, wallet, nonce, t.clock.now());
      expectRefused(await postVerify(t.app, cookie, { message, signature: await sign(message) }));
    }
  });

  it('answers malformed bodies with the same 401', async () => {
    const { cookie } = await fetchNonce(t.app);
    for (const body of [
      '{not json',
      '"a string"',
      '{}',
      JSON.stringify({ message: 'hello', signature: `0x${'ab'.repeat(65)}` }),
      JSON.stringify({ message: 'hello', signature: 'nope' }),
      JSON.stringify({ message: 'hello', signature: `0x${'ab'.repeat(65)}`, extra: 1 }),
    ]) {
      expectRefused(await postVerify(t.app, cookie, body));
    }
  });

  it('refuses a body over 16 KB with 413', async () => {
    const { cookie } = await fetchNonce(t.app);
    const body = JSON.stringify({
      message: 'x'.repeat(17 * 1024),
      signature: `0x${'ab'.repeat(65)}`,
    });
    const response = await postVerify(t.app, cookie, body);
    expect(response.statusCode).toBe(413);
  });

  it('refuses a foreign Origin with 403 and accepts its own', async () => {
    const wallet = createTestWallet();
    const { nonce, cookie } = await fetchNonce(t.app);
    const message = buildSiweMessage(ORIGIN, wallet, nonce, t.clock.now());
    const signature = await wallet.signMessage({ message });
    const foreign = await postVerify(
      t.app,
      cookie,
      { message, signature },
      { origin: 'https://evil.example' },
    );
    expect(foreign.statusCode).toBe(403);
    const crossSite = await postVerify(
      t.app,
      cookie,
      { message, signature },
      { 'sec-fetch-site': 'cross-site' },
    );
    expect(crossSite.statusCode).toBe(403);
    const own = await postVerify(t.app, cookie, { message, signature }, { origin: ORIGIN });
    expect(own.statusCode).toBe(200);
  });

  it('lets exactly one of two simultaneous submissions of one signature win', async () => {
    const wallet = createTestWallet();
    const { nonce, cookie } = await fetchNonce(t.app);
    const message = buildSiweMessage(ORIGIN, wallet, nonce, t.clock.now());
    const signature = await wallet.signMessage({ message });
    const responses = await Promise.all([
      postVerify(t.app, cookie, { message, signature }),
      postVerify(t.app, cookie, { message, signature }),
    ]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 401]);
  });
});

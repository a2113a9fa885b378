import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildSiweMessage,
  createTestWallet,
  fetchNonce,
  postVerify,
  type SiweFields,
} from '#server/testing/signIn.ts';
import { createTestApp, type TestApp } from '#server/testing/testApp.ts';

// Sign-in on an app served over https: a message must not downgrade the scheme (verify.test.ts has
// the rest of the verification rules, on the default http origin).
describe('POST /auth/verify on an https origin', () => {
  const HTTPS_ORIGIN = 'https://gridmind.example';
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', {
      APP_ORIGIN: HTTPS_ORIGIN,
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    });
  });
  afterAll(async () => {
    await t.close();
  });

  async function attempt(fields: SiweFields) {
    const wallet = createTestWallet();
    const { nonce, cookie } = await fetchNonce(t.app);
    const message = buildSiweMessage(HTTPS_ORIGIN, wallet, nonce, t.clock.now(), fields);
    const signature = await wallet.signMessage({ message });
    return postVerify(t.app, cookie, { message, signature });
  }

  it('refuses a message naming http:// with the same 401 as any failure', async () => {
    const response = await attempt({ scheme: 'http' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ success: false });
  });

  it('accepts a message naming https://, and one naming no scheme', async () => {
    expect((await attempt({ scheme: 'https' })).statusCode).toBe(200);
    expect((await attempt({})).statusCode).toBe(200);
  });
});

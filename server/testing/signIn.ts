import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { LocalAccount } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { createSiweMessage } from 'viem/siwe';

/** A fresh wallet (viem local account) that signs in the test process. */
export function createTestWallet(): LocalAccount {
  return privateKeyToAccount(generatePrivateKey());
}

/** The `cookie` request header that replays the cookies a response set. */
export function cookieHeader(response: LightMyRequestResponse, previous = ''): string {
  const jar = new Map(
    previous
      .split('; ')
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
  );
  for (const cookie of response.cookies) {
    if (cookie.value === '' || cookie.maxAge === 0) jar.delete(cookie.name);
    else jar.set(cookie.name, cookie.value);
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
}

/** Fields of the sign-in message a test may change; the rest default to a valid message. */
export type SiweFields = Partial<Parameters<typeof createSiweMessage>[0]>;

/** Gets a nonce for the session in `cookie` (starting one when empty); returns both. */
export async function fetchNonce(
  app: FastifyInstance,
  cookie = '',
): Promise<{ nonce: string; cookie: string }> {
  const response = await app.inject({ method: 'GET', url: '/auth/nonce', headers: { cookie } });
  if (response.statusCode !== 200) throw new Error(`nonce failed: ${response.statusCode}`);
  return { nonce: response.body, cookie: cookieHeader(response, cookie) };
}

/** A valid sign-in message for this app's origin, the given nonce and time, with overrides. */
export function buildSiweMessage(
  appOrigin: string,
  wallet: LocalAccount,
  nonce: string,
  nowMs: number,
  fields: SiweFields = {},
): string {
  return createSiweMessage({
    address: wallet.address,
    chainId: 1,
    domain: new URL(appOrigin).host,
    uri: appOrigin,
    version: '1',
    nonce,
    issuedAt: new Date(nowMs),
    statement: 'Welcome to Gridmind! Sign this message to sign in.',
    ...fields,
  });
}

/** Posts a message and signature to /auth/verify as the session in `cookie`. */
export function postVerify(
  app: FastifyInstance,
  cookie: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/auth/verify',
    headers: { cookie, 'content-type': 'application/json', ...headers },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** Signs `wallet` in end to end (nonce, message, signature, verify); returns the session cookie. */
export async function signIn(
  app: FastifyInstance,
  wallet: LocalAccount = createTestWallet(),
  options: { nowMs?: number; fields?: SiweFields } = {},
): Promise<string> {
  const { config, now } = app.gridmind;
  const { nonce, cookie } = await fetchNonce(app);
  const message = buildSiweMessage(
    config.APP_ORIGIN,
    wallet,
    nonce,
    options.nowMs ?? now(),
    options.fields,
  );
  const signature = await wallet.signMessage({ message });
  const response = await postVerify(app, cookie, { message, signature });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode}`);
  return cookieHeader(response, cookie);
}

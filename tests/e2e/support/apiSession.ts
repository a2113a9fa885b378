import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { buildSiweMessage } from '#server/testing/signIn.ts';

/** The `cookie` header that replays what `response` set (name=value pairs only). */
function cookiesOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.slice(0, cookie.indexOf(';') === -1 ? undefined : cookie.indexOf(';')))
    .join('; ');
}

/**
 * A new user's session cookie, signed in over HTTP the way the app's sign-in does (nonce, signed
 * message, verify) but without a browser: for a test whose subject is not signing in and which
 * only needs a user to call the API as (the modal's own path is signIn.test.ts's).
 */
export async function apiSession(origin: string): Promise<string> {
  const wallet = privateKeyToAccount(generatePrivateKey());
  const nonceResponse = await fetch(`${origin}/auth/nonce`);
  if (!nonceResponse.ok) throw new Error(`nonce failed: ${nonceResponse.status}`);
  const nonce = await nonceResponse.text();
  const cookie = cookiesOf(nonceResponse);
  const message = buildSiweMessage(origin, wallet, nonce, Date.now());
  const verified = await fetch(`${origin}/auth/verify`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ message, signature: await wallet.signMessage({ message }) }),
  });
  if (!verified.ok) throw new Error(`sign-in failed: ${verified.status} ${await verified.text()}`);
  return cookiesOf(verified) || cookie;
}

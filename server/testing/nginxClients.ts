import { request } from 'node:http';
import type { LocalAccount } from 'viem';
import { buildSiweMessage, createTestWallet } from './signIn.ts';

/** A whole HTTP answer. */
export interface HttpAnswer {
  status: number;
  body: string;
  setCookies: string[];
}

/** One HTTP request; `localAddress` picks the client's own loopback address (127.x.y.z). */
export function httpRequest(
  url: string,
  options: {
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    localAddress?: string | undefined;
  } = {},
): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: options.method ?? 'GET',
        headers: options.headers ?? {},
        ...(options.localAddress ? { localAddress: options.localAddress } : {}),
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          body += chunk;
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body,
            setCookies: res.headers['set-cookie'] ?? [],
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

/** The `cookie` header from `previous` with the cookies an answer set added (or replaced). */
function withCookies(previous: string, setCookies: string[]): string {
  const jar = new Map(
    previous
      .split('; ')
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf('=')), pair] as const),
  );
  for (const line of setCookies) {
    const pair = line.split(';')[0] ?? '';
    jar.set(pair.slice(0, pair.indexOf('=')), pair);
  }
  return [...jar.values()].join('; ');
}

/**
 * Signs a wallet in over real HTTP at `base` (nonce, message for `appOrigin`, signature, verify),
 * from `localAddress` when given (else the system's choice); returns the session's cookie header.
 */
export async function signInOverHttp(
  base: string,
  appOrigin: string,
  localAddress?: string,
  wallet: LocalAccount = createTestWallet(),
): Promise<string> {
  const nonce = await httpRequest(`${base}/auth/nonce`, { localAddress });
  if (nonce.status !== 200) throw new Error(`nonce answered ${nonce.status}: ${nonce.body}`);
  let cookie = withCookies('', nonce.setCookies);
  const message = buildSiweMessage(appOrigin, wallet, nonce.body, Date.now());
  const signature = await wallet.signMessage({ message });
  const verified = await httpRequest(`${base}/auth/verify`, {
    method: 'POST',
    localAddress,
    headers: { cookie, origin: appOrigin, 'content-type': 'application/json' },
    body: JSON.stringify({ message, signature }),
  });
  if (verified.status !== 200)
    throw new Error(`verify answered ${verified.status}: ${verified.body}`);
  cookie = withCookies(cookie, verified.setCookies);
  return cookie;
}

/** Reown's blockchain API, which also answers identity lookups (see identityUrl.ts). */
const BLOCKCHAIN_API = 'https://rpc.walletconnect.org';

/**
 * Reown's token balance lookup for one account on one EVM chain (SPEC section 7:
 * `GET /v1/account/{address}/balance` with currency usd and the CAIP-2 chain id, plus the SDK's
 * type, version and project id that every blockchain API call carries, as AppKit sends them).
 * `baseUrl` exists for tests that answer from a local server.
 */
export function balanceApiUrl(
  address: string,
  chainId: number,
  options: { projectId: string; sdk: { type: string; version: string }; baseUrl?: string },
): string {
  const params = new URLSearchParams({
    currency: 'usd',
    chainId: `eip155:${chainId}`,
    st: options.sdk.type,
    sv: options.sdk.version,
    projectId: options.projectId,
  });
  const base = options.baseUrl ?? BLOCKCHAIN_API;
  return `${base}/v1/account/${encodeURIComponent(address)}/balance?${params}`;
}

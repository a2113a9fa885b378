/**
 * The wallet directory's identity lookup (SPEC section 7: `GET /v1/identity/{address}` with the
 * asking account as `sender`, and the SDK's type, version and project id that every blockchain
 * API call carries, as AppKit's own client sends them).
 */
const IDENTITY_API = 'https://rpc.walletconnect.org/v1/identity/';

export function identityUrl(
  address: string,
  options: { projectId: string; sdk: { type: string; version: string } },
): string {
  const params = new URLSearchParams({
    sender: address,
    st: options.sdk.type,
    sv: options.sdk.version,
    projectId: options.projectId,
  });
  return `${IDENTITY_API}${encodeURIComponent(address)}?${params}`;
}

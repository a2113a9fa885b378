/** Hosts of the wallet directory whose images (wallets, networks, connectors, tokens) we cache. */
const WALLET_IMAGE_HOSTS: ReadonlySet<string> = new Set(['api.web3modal.org', 'api.web3modal.com']);

const WALLET_IMAGE_PATH =
  /^\/(?:getWalletImage|public\/getAssetImage|public\/getCurrencyImage|public\/getTokenImage)\//;

/** A wallet-directory image: cached first, kept 30 days (SPEC section 7 lists the four paths). */
export function isWalletImageUrl(url: URL): boolean {
  return WALLET_IMAGE_HOSTS.has(url.hostname) && WALLET_IMAGE_PATH.test(url.pathname);
}

/**
 * Paths that always go to the network, even for navigations: the API and sign-in/out, and what
 * the server draws or lists for other sites (link previews' pictures, robots.txt, the sitemap).
 */
export const NETWORK_ONLY_PATH =
  /^\/(?:(?:api|auth|previews)(?:\/|$)|(?:robots\.txt|sitemap\.xml)$)/;

/** True for a path the server answers itself (see NETWORK_ONLY_PATH). */
export function isNetworkOnlyPath(pathname: string): boolean {
  return NETWORK_ONLY_PATH.test(pathname);
}

/**
 * A hashed build asset of our own origin that was not precached: the wallet modal's chunks,
 * cached at first use. Hashed names never change content, so cache-first is safe.
 */
export function isLazyAssetUrl(url: URL, origin: string): boolean {
  return url.origin === origin && url.pathname.startsWith('/assets/');
}

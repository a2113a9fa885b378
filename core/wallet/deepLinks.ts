import { DESKTOP_PLATFORM, type WalletPlatform } from './platform.ts';

/** A wallet link ready to open: `redirect` carries the WalletConnect URI, `href` is the bare app link. */
export interface WalletLink {
  /** Open this to hand the pairing URI to the wallet app. */
  readonly redirect: string;
  /** The wallet's own link without the URI; stored as the deep-link choice (SPEC section 3). */
  readonly href: string;
  /** The same for the wallet's universal link, when it has one. */
  readonly redirectUniversalLink?: string;
  /** The bare universal link, when the wallet has one. */
  readonly universalHref?: string;
}

/** A link is http(s) when it starts with `http://` or `https://`; anything else is a native scheme. */
export function isHttpUrl(url: string): boolean {
  return url.startsWith('http://') || url.startsWith('https://');
}

function withTrailingSlash(url: string): string {
  return url.endsWith('/') ? url : `${url}/`;
}

/**
 * A native (custom-scheme) wallet link for a WalletConnect URI (SPEC section 5): `://` is added
 * when missing (after stripping stray `/` and `:`), then a trailing slash, and the URI goes in an
 * encoded `uri` parameter after `wc`. Telegram's Android web view decodes once on its own, so there
 * the URI is encoded twice. An http(s) link is treated as universal.
 */
export function formatNativeUrl(
  appUrl: string,
  wcUri: string,
  options: { universalLink?: string; platform?: WalletPlatform } = {},
): WalletLink {
  const platform = options.platform ?? DESKTOP_PLATFORM;
  if (isHttpUrl(appUrl)) return formatUniversalUrl(appUrl, wcUri, { platform });
  const href = withTrailingSlash(
    appUrl.includes('://') ? appUrl : `${appUrl.replaceAll('/', '').replaceAll(':', '')}://`,
  );
  const uri = platform.telegram && platform.android ? encodeURIComponent(wcUri) : wcUri;
  const encodedUri = encodeURIComponent(uri);
  const link: WalletLink = { redirect: `${href}wc?uri=${encodedUri}`, href };
  if (!options.universalLink) return link;
  const universalHref = withTrailingSlash(options.universalLink);
  return { ...link, redirectUniversalLink: `${universalHref}wc?uri=${encodedUri}`, universalHref };
}

/**
 * A universal (https) wallet link for a WalletConnect URI: trailing slash, then `wc?uri=` with the
 * URI encoded once. A custom-scheme link is handed to {@link formatNativeUrl}.
 */
export function formatUniversalUrl(
  appUrl: string,
  wcUri: string,
  options: { platform?: WalletPlatform } = {},
): WalletLink {
  if (!isHttpUrl(appUrl)) return formatNativeUrl(appUrl, wcUri, options);
  const href = withTrailingSlash(appUrl);
  return { redirect: `${href}wc?uri=${encodeURIComponent(wcUri)}`, href };
}

import type { ConnectionController, CoreHelperUtil } from '@reown/appkit-controllers';
import { formatNativeUrl, formatUniversalUrl } from '#core/wallet/deepLinks.ts';
import {
  createPairing,
  isPairingExpired,
  isRetryAllowed,
  type Pairing,
  shouldReusePairing,
} from '#core/wallet/pairing.ts';
import type { WalletPlatform } from '#core/wallet/platform.ts';
import { openThroughTelegram } from '#src/lib/telegramLinks.ts';

/** The AppKit objects whose methods the modal looks up at every call (one copy in the bundle). */
export interface AppKitLinkPoints {
  CoreHelperUtil: Pick<
    typeof CoreHelperUtil,
    | 'formatNativeUrl'
    | 'formatUniversalUrl'
    | 'isPairingExpired'
    | 'getPairingExpiry'
    | 'isAllowedRetry'
    | 'isTelegram'
    | 'openHref'
  >;
  ConnectionController: Pick<typeof ConnectionController, 'connectWalletConnect' | 'state'>;
}

type OpenHref = AppKitLinkPoints['CoreHelperUtil']['openHref'];
type ConnectWalletConnect = AppKitLinkPoints['ConnectionController']['connectWalletConnect'];

/** AppKit's own openHref per helper object, so installing the rules again never wraps ours. */
const appKitOpenHref = new WeakMap<object, OpenHref>();
/** AppKit's own connectWalletConnect per controller, for the same reason. */
const appKitConnectWalletConnect = new WeakMap<object, ConnectWalletConnect>();

/** The pairing AppKit holds (its URI and our expiry stamp), if it holds one. */
function currentPairing(
  state: AppKitLinkPoints['ConnectionController']['state'],
): Pairing | undefined {
  const { wcUri, wcPairingExpiry } = state;
  return wcUri === undefined || wcPairingExpiry === undefined
    ? undefined
    : { uri: wcUri, expiresAt: wcPairingExpiry };
}

/**
 * Puts Gridmind's wallet-link rules (core/wallet, SPEC sections 4 and 5) where AppKit 1.8.24 calls
 * its own, before the modal is created:
 * - deep links: every wallet link the modal opens (mobile, desktop, web app) is formatted by
 *   {@link formatNativeUrl} / {@link formatUniversalUrl} for our detected platform;
 * - Telegram: AppKit asks `isTelegram()` for double encoding, pairing reuse, link targets and
 *   social options; it now gets our answer (a Mini App), not "a Telegram script was loaded".
 *   Every link AppKit opens goes through `openHref`, often once the relay answered with the
 *   pairing URI, after the user's tap: inside Telegram an http(s) link then goes through
 *   Telegram's own openLink / openTelegramLink, which Telegram honours at any time;
 * - pairings: lifetime, expiry and retry spacing come from core/wallet/pairing with our clock, and
 *   a connection without an explicit cache choice keeps AppKit's pairing exactly when
 *   {@link shouldReusePairing} says so; otherwise it pairs anew through AppKit's "never" path.
 * AppKit calls these through the exported objects (`CoreHelperUtil.formatNativeUrl(…)`), so
 * replacing the properties reaches every caller; tests check the live AppKit modules do.
 */
export function installWalletLinkRules(
  appKit: AppKitLinkPoints,
  env: { platform: WalletPlatform; now: () => number },
): void {
  const { platform, now } = env;
  const helper = appKit.CoreHelperUtil;
  helper.formatNativeUrl = (appUrl, wcUri, universalLink = null) =>
    formatNativeUrl(appUrl, wcUri, {
      platform,
      ...(universalLink ? { universalLink } : {}),
    });
  helper.formatUniversalUrl = (appUrl, wcUri) => formatUniversalUrl(appUrl, wcUri, { platform });
  helper.isTelegram = () => platform.telegram;
  const openHref = appKitOpenHref.get(helper) ?? helper.openHref.bind(helper);
  appKitOpenHref.set(helper, openHref);
  helper.openHref = (href, target, features) => {
    if (platform.telegram && openThroughTelegram(href)) return;
    openHref(href, target, features);
  };
  helper.isPairingExpired = (expiry) => isPairingExpired(expiry, now());
  helper.getPairingExpiry = () => createPairing('', now()).expiresAt;
  helper.isAllowedRetry = (lastRetry, differenceMs) =>
    isRetryAllowed(lastRetry, now(), differenceMs);

  const connection = appKit.ConnectionController;
  const connectWalletConnect =
    appKitConnectWalletConnect.get(connection) ?? connection.connectWalletConnect.bind(connection);
  appKitConnectWalletConnect.set(connection, connectWalletConnect);
  let pairingUnderWay: Promise<void> | undefined;
  connection.connectWalletConnect = ({ cache = 'auto' } = {}) => {
    // An explicit choice is AppKit's own (its Retry and wallet views pass 'never').
    if (cache !== 'auto') return connectWalletConnect({ cache });
    // Asked again before the relay answered (AppKit's connect view asks on every render in
    // Telegram): the same attempt, not a second pairing. AppKit clears wcFetchingUri once the URI
    // is in, the attempt failed or the modal closed, so a closed modal never joins a stale one.
    if (pairingUnderWay && connection.state.wcFetchingUri) return pairingUnderWay;
    // Reused: the URI the user's wallet link carries stays where AppKit keeps it.
    if (shouldReusePairing(currentPairing(connection.state), platform, now())) {
      return Promise.resolve();
    }
    const attempt = connectWalletConnect({ cache: 'never' }).finally(() => {
      if (pairingUnderWay === attempt) pairingUnderWay = undefined;
    });
    pairingUnderWay = attempt;
    return attempt;
  };
}

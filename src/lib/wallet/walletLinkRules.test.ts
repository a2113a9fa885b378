import type { ConnectionControllerClient } from '@reown/appkit-controllers';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatNativeUrl } from '../../../core/wallet/deepLinks.ts';
import { createPairing } from '../../../core/wallet/pairing.ts';
import { DESKTOP_PLATFORM, type WalletPlatform } from '../../../core/wallet/platform.ts';
import { installWalletLinkRules } from './walletLinkRules.ts';

// The real AppKit 1.8.24 controllers, as the modal runs them. Only two things stand in for the
// outside world: the browser's window.open (AppKit's openHref) and the WalletConnect client under
// ConnectionController, which in the app asks the relay for a pairing and reports its URI.
type Controllers = typeof import('@reown/appkit-controllers');
let appKit: Controllers;
beforeAll(async () => {
  appKit = await import('@reown/appkit-controllers');
}, 120_000);

const T0 = 1_700_000_000_000;
const WC_URI = 'wc:7f6e@2?relay-protocol=irn&symKey=58&expiryTimestamp=1700000240';
const telegramAndroid: WalletPlatform = { telegram: true, android: true, safariIos: false };
const safariIos: WalletPlatform = { telegram: false, android: false, safariIos: true };
const rainbow = {
  id: '1ae92b26df02f0abca6304df07debccd18262fdf5fe82daa81593582dac9a369',
  name: 'Rainbow',
  mobile_link: 'rainbow:',
  link_mode: 'https://rnbwapp.com',
};

let clock = T0;
function install(platform: WalletPlatform) {
  installWalletLinkRules(appKit, { platform, now: () => clock });
}

/** The relay side: each pairing request yields a new URI, then the attempt ends (the user left). */
function relayClient() {
  const relay = { pairings: 0 };
  const client = {
    async connectWalletConnect() {
      relay.pairings++;
      appKit.ConnectionController.setUri(`wc:pairing-${relay.pairings}@2?relay-protocol=irn`);
      throw new Error('The relay connection closed while the wallet app was open');
    },
  };
  appKit.ConnectionController.setClient(client as unknown as ConnectionControllerClient);
  return relay;
}

/** Asks AppKit for a WalletConnect pairing the way its views do (no explicit cache choice). */
async function pair(): Promise<string | undefined> {
  await appKit.ConnectionController.connectWalletConnect().catch(() => {});
  return appKit.ConnectionController.state.wcUri;
}

beforeEach(() => {
  clock = T0;
  appKit.ConnectionController.resetUri();
});

describe('deep links in the live AppKit path', () => {
  it('a mobile wallet tapped in the modal opens our link: Telegram Android encodes the URI twice', () => {
    install(telegramAndroid);
    const opened = vi.spyOn(appKit.CoreHelperUtil, 'openHref').mockImplementation(() => {});
    appKit.ConnectionController.setUri(WC_URI);

    appKit.ConnectionControllerUtil.onConnectMobile(rainbow as never);

    const ours = formatNativeUrl('rainbow:', WC_URI, {
      platform: telegramAndroid,
      universalLink: 'https://rnbwapp.com',
    });
    expect(opened).toHaveBeenCalledWith(ours.redirect, '_self');
    expect(ours.redirect).toBe(
      `rainbow://wc?uri=${encodeURIComponent(encodeURIComponent(WC_URI))}`,
    );
    // The stored deep-link choice is our bare link too.
    expect(appKit.ConnectionController.state.wcLinking).toEqual({
      name: 'Rainbow',
      href: 'rainbow://',
    });
    opened.mockRestore();
  });

  it('outside Telegram the same tap encodes once, even with a Telegram object on the page', () => {
    install(DESKTOP_PLATFORM);
    // Telegram's script loaded in an ordinary Android browser: AppKit alone would call this Telegram.
    vi.stubGlobal('window', { Telegram: { WebApp: { initData: '' } } });
    vi.stubGlobal('navigator', { userAgent: 'Mozilla/5.0 (Linux; Android 14) Chrome/140 Mobile' });
    const opened = vi.spyOn(appKit.CoreHelperUtil, 'openHref').mockImplementation(() => {});
    appKit.ConnectionController.setUri(WC_URI);
    appKit.ConnectionControllerUtil.onConnectMobile(rainbow as never);
    expect(opened).toHaveBeenCalledWith(`rainbow://wc?uri=${encodeURIComponent(WC_URI)}`, '_self');
    expect(appKit.CoreHelperUtil.isTelegram()).toBe(false);
    opened.mockRestore();
    vi.unstubAllGlobals();
  });
});

describe('pairing reuse in the live AppKit path', () => {
  it('stamps a new pairing with our lifetime and clock', () => {
    install(safariIos);
    clock = T0 + 5;
    appKit.ConnectionController.setUri(WC_URI);
    expect(appKit.ConnectionController.state.wcPairingExpiry).toBe(
      createPairing(WC_URI, T0 + 5).expiresAt,
    );
  });

  it('Safari iOS reuses the pairing after a return from the wallet until 10 s before it expires', async () => {
    install(safariIos);
    const relay = relayClient();
    const first = await pair();
    expect(first).toBe('wc:pairing-1@2?relay-protocol=irn');

    clock = T0 + 229_999; // 10.001 s left: still good
    expect(await pair()).toBe(first);
    expect(relay.pairings).toBe(1);

    clock = T0 + 230_000; // 10 s left: expired by our rule
    expect(await pair()).toBe('wc:pairing-2@2?relay-protocol=irn');
    expect(relay.pairings).toBe(2);
  });

  it('Telegram reuses too; a desktop browser pairs anew every time', async () => {
    install(telegramAndroid);
    const telegramRelay = relayClient();
    await pair();
    clock = T0 + 60_000;
    await pair();
    expect(telegramRelay.pairings).toBe(1);

    appKit.ConnectionController.resetUri();
    install(DESKTOP_PLATFORM);
    const desktopRelay = relayClient();
    await pair();
    clock = T0 + 61_000;
    expect(await pair()).toBe('wc:pairing-2@2?relay-protocol=irn');
    expect(desktopRelay.pairings).toBe(2);
  });

  it('spaces retries by our rule wherever AppKit asks', () => {
    install(DESKTOP_PLATFORM);
    expect(appKit.CoreHelperUtil.isAllowedRetry(T0 - 999)).toBe(false);
    expect(appKit.CoreHelperUtil.isAllowedRetry(T0 - 1_000)).toBe(true);
    expect(appKit.CoreHelperUtil.isAllowedRetry(T0 - 29_999, 30_000)).toBe(false);
  });
});

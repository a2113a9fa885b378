import type { ConnectionControllerClient } from '@reown/appkit-controllers';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatNativeUrl } from '#core/wallet/deepLinks.ts';
import { createPairing } from '#core/wallet/pairing.ts';
import { DESKTOP_PLATFORM, type WalletPlatform } from '#core/wallet/platform.ts';
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

  /** A relay that answers only when told to, so a second request can come while it waits. */
  function slowRelayClient() {
    const waiting: (() => void)[] = [];
    const relay = {
      pairings: 0,
      /** Answers every request still waiting, oldest first. */
      answer: () => {
        for (const answerOne of waiting.splice(0)) answerOne();
      },
    };
    const client = {
      connectWalletConnect: () => {
        relay.pairings++;
        const uri = `wc:pairing-${relay.pairings}@2?relay-protocol=irn`;
        return new Promise<void>((_resolve, reject) => {
          waiting.push(() => {
            appKit.ConnectionController.setUri(uri);
            reject(new Error('The relay connection closed while the wallet app was open'));
          });
        });
      },
    };
    appKit.ConnectionController.setClient(client as unknown as ConnectionControllerClient);
    return relay;
  }

  it('Telegram asking again before the relay answered joins that attempt: one pairing', async () => {
    install(telegramAndroid);
    const relay = slowRelayClient();
    const first = pair();
    const second = pair();
    relay.answer();
    expect(await first).toBe('wc:pairing-1@2?relay-protocol=irn');
    expect(await second).toBe('wc:pairing-1@2?relay-protocol=irn');
    expect(relay.pairings).toBe(1);
  });

  it('a modal closed while the relay was still asked pairs anew when it opens again', async () => {
    install(telegramAndroid);
    const relay = slowRelayClient();
    const abandoned = pair();
    appKit.ConnectionController.resetUri(); // what closing the modal does
    const reopened = pair();
    expect(relay.pairings).toBe(2);
    relay.answer();
    await abandoned;
    expect(await reopened).toBe('wc:pairing-2@2?relay-protocol=irn');
  });

  it("AppKit's own 'never' (its Retry) pairs anew even where a live pairing would be reused", async () => {
    install(safariIos);
    const relay = relayClient();
    await pair();
    await appKit.ConnectionController.connectWalletConnect({ cache: 'never' }).catch(() => {});
    expect(appKit.ConnectionController.state.wcUri).toBe('wc:pairing-2@2?relay-protocol=irn');
    expect(relay.pairings).toBe(2);
  });

  it('spaces retries by our rule wherever AppKit asks', () => {
    install(DESKTOP_PLATFORM);
    expect(appKit.CoreHelperUtil.isAllowedRetry(T0 - 999)).toBe(false);
    expect(appKit.CoreHelperUtil.isAllowedRetry(T0 - 1_000)).toBe(true);
    expect(appKit.CoreHelperUtil.isAllowedRetry(T0 - 29_999, 30_000)).toBe(false);
  });
});

describe('wallet links inside Telegram', () => {
  const trust = {
    id: '4622a2b2d6af1c9844944291e5e7351a6aa24cd7b23099efac1b2fd875da31a0',
    name: 'Trust Wallet',
    mobile_link: 'https://link.trustwallet.com',
  };

  /** The page as Telegram's web view shows it: Telegram's WebApp (third party) and window.open. */
  function telegramPage(initData: string) {
    const opened: { via: string; url: string }[] = [];
    vi.stubGlobal('window', {
      location: { hash: '' },
      open: (url: string) => void opened.push({ via: 'window.open', url }),
      Telegram: {
        WebApp: {
          initData,
          openLink: (url: string) => void opened.push({ via: 'openLink', url }),
          openTelegramLink: (url: string) => void opened.push({ via: 'openTelegramLink', url }),
        },
      },
    });
    return opened;
  }

  it('a wallet link opened once the relay answered goes through Telegram, not window.open', async () => {
    install(telegramAndroid);
    const opened = telegramPage('query_id=1&user=%7B%7D&hash=abc');
    relayClient();
    // The tap asks the relay for a pairing; the link opens when its URI is back, after the tap.
    const uri = await pair();
    appKit.ConnectionControllerUtil.onConnectMobile(trust as never);

    const ours = formatNativeUrl(trust.mobile_link, uri ?? '', { platform: telegramAndroid });
    expect(opened).toEqual([{ via: 'openLink', url: ours.redirect }]);
    vi.unstubAllGlobals();
  });

  it('t.me links open inside Telegram; native wallet schemes stay with AppKit', () => {
    install(telegramAndroid);
    const opened = telegramPage('query_id=1&user=%7B%7D&hash=abc');
    appKit.CoreHelperUtil.openHref('https://t.me/wallet?attach=wallet', '_self');
    appKit.CoreHelperUtil.openHref('rainbow://wc?uri=abc', '_self');
    expect(opened).toEqual([
      { via: 'openTelegramLink', url: 'https://t.me/wallet?attach=wallet' },
      { via: 'window.open', url: 'rainbow://wc?uri=abc' },
    ]);
    vi.unstubAllGlobals();
  });

  it('outside a Mini App every link opens as AppKit opens it; a second install replaces the first', () => {
    install(telegramAndroid);
    install(DESKTOP_PLATFORM);
    const link = 'https://link.trustwallet.com/wc?uri=abc';
    const plainPage = telegramPage('');
    appKit.CoreHelperUtil.openHref(link, '_self');
    expect(plainPage).toEqual([{ via: 'window.open', url: link }]);
    // Our platform decides, once: the Telegram install above left no rule behind.
    const withInitData = telegramPage('query_id=1&user=%7B%7D&hash=abc');
    appKit.CoreHelperUtil.openHref(link, '_self');
    expect(withInitData).toEqual([{ via: 'window.open', url: link }]);
    vi.unstubAllGlobals();
  });
});

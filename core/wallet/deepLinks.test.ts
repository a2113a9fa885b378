import { describe, expect, it } from 'vitest';
import { formatNativeUrl, formatUniversalUrl, isHttpUrl } from './deepLinks.ts';
import type { WalletPlatform } from './platform.ts';

const WC_URI = 'wc:7f6e@2?relay-protocol=irn&symKey=58&expiryTimestamp=1700000240';
const once = encodeURIComponent(WC_URI);
const twice = encodeURIComponent(once);
const telegramAndroid: WalletPlatform = { telegram: true, android: true, safariIos: false };
const telegramIos: WalletPlatform = { telegram: true, android: false, safariIos: true };
const plainAndroid: WalletPlatform = { telegram: false, android: true, safariIos: false };

describe('isHttpUrl', () => {
  it('accepts http:// and https:// only', () => {
    expect(isHttpUrl('http://wallet.example')).toBe(true);
    expect(isHttpUrl('https://wallet.example')).toBe(true);
    expect(isHttpUrl('metamask://')).toBe(false);
    expect(isHttpUrl('httpswallet:')).toBe(false);
  });
});

describe('formatNativeUrl', () => {
  it('adds :// and a trailing slash to a bare scheme and passes the URI encoded after wc', () => {
    expect(formatNativeUrl('rainbow', WC_URI)).toEqual({
      redirect: `rainbow://wc?uri=${once}`,
      href: 'rainbow://',
    });
  });

  it('strips stray colons and slashes from a scheme written without ://', () => {
    expect(formatNativeUrl('trust:', WC_URI).href).toBe('trust://');
    expect(formatNativeUrl('zerion/', WC_URI).href).toBe('zerion://');
  });

  it('keeps a scheme that already has :// and adds only the trailing slash', () => {
    expect(formatNativeUrl('metamask://', WC_URI).redirect).toBe(`metamask://wc?uri=${once}`);
    expect(formatNativeUrl('safe://app', WC_URI).redirect).toBe(`safe://app/wc?uri=${once}`);
  });

  it('encodes the URI twice on Telegram Android only', () => {
    expect(formatNativeUrl('rainbow', WC_URI, { platform: telegramAndroid }).redirect).toBe(
      `rainbow://wc?uri=${twice}`,
    );
    expect(formatNativeUrl('rainbow', WC_URI, { platform: telegramIos }).redirect).toBe(
      `rainbow://wc?uri=${once}`,
    );
    expect(formatNativeUrl('rainbow', WC_URI, { platform: plainAndroid }).redirect).toBe(
      `rainbow://wc?uri=${once}`,
    );
  });

  it('adds the universal link variant, with a trailing slash, when the wallet has one', () => {
    const link = formatNativeUrl('rainbow://', WC_URI, {
      universalLink: 'https://rnbwapp.com',
      platform: telegramAndroid,
    });
    expect(link.universalHref).toBe('https://rnbwapp.com/');
    expect(link.redirectUniversalLink).toBe(`https://rnbwapp.com/wc?uri=${twice}`);
  });

  it('treats an http(s) link as universal', () => {
    expect(formatNativeUrl('https://link.trustwallet.com', WC_URI)).toEqual({
      redirect: `https://link.trustwallet.com/wc?uri=${once}`,
      href: 'https://link.trustwallet.com/',
    });
  });
});

describe('formatUniversalUrl', () => {
  it('adds the trailing slash and encodes once, even on Telegram Android', () => {
    expect(
      formatUniversalUrl('https://metamask.app.link/', WC_URI, { platform: telegramAndroid }),
    ).toEqual({
      redirect: `https://metamask.app.link/wc?uri=${once}`,
      href: 'https://metamask.app.link/',
    });
  });

  it('hands a custom scheme to the native rules', () => {
    expect(formatUniversalUrl('rainbow:', WC_URI).redirect).toBe(`rainbow://wc?uri=${once}`);
  });
});

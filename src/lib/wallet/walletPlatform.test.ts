import { describe, expect, it } from 'vitest';
import { detectWalletPlatform } from './walletPlatform.ts';

function windowWith(userAgent: string, options: { hash?: string; maxTouchPoints?: number } = {}) {
  return {
    navigator: { userAgent, maxTouchPoints: options.maxTouchPoints ?? 0 },
    location: { hash: options.hash ?? '' },
  } as unknown as Window;
}

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
const IPHONE_HOME_SCREEN =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';
const IPHONE_CHROME =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/140.0 Mobile/15E148 Safari/604.1';
const IPAD_DESKTOP_MODE =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15';
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Mobile Safari/537.36';

describe('detectWalletPlatform', () => {
  it('Safari iOS: the browser, the home-screen app and an iPad asking for desktop pages', () => {
    expect(detectWalletPlatform(windowWith(IPHONE_SAFARI)).safariIos).toBe(true);
    expect(detectWalletPlatform(windowWith(IPHONE_HOME_SCREEN)).safariIos).toBe(true);
    expect(
      detectWalletPlatform(windowWith(IPAD_DESKTOP_MODE, { maxTouchPoints: 5 })).safariIos,
    ).toBe(true);
  });

  it('not Safari iOS: Chrome on iPhone, a Mac without touch, Android', () => {
    expect(detectWalletPlatform(windowWith(IPHONE_CHROME)).safariIos).toBe(false);
    expect(detectWalletPlatform(windowWith(IPAD_DESKTOP_MODE)).safariIos).toBe(false);
    expect(detectWalletPlatform(windowWith(ANDROID_CHROME))).toEqual({
      telegram: false,
      android: true,
      safariIos: false,
    });
  });

  it('Telegram only when launched as a Mini App', () => {
    const launched = windowWith(ANDROID_CHROME, { hash: '#tgWebAppData=query_id%3D1' });
    expect(detectWalletPlatform(launched)).toEqual({
      telegram: true,
      android: true,
      safariIos: false,
    });
  });
});

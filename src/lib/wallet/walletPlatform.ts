import type { WalletPlatform } from '#core/wallet/platform.ts';
import { isTelegramMiniApp } from '#src/lib/telegram.ts';

/** iOS browsers other than Safari announce themselves; everything else on iOS is Safari's WebKit. */
const OTHER_IOS_BROWSER = /CriOS|FxiOS|EdgiOS|OPiOS|YaBrowser|DuckDuckGo/;

/**
 * Where the page runs, for the wallet-link rules (core/wallet). Telegram only inside a Mini App
 * ({@link isTelegramMiniApp}): a loaded Telegram script is not Telegram. Safari iOS includes the
 * installed home-screen app, whose user agent drops the "Safari" token, and iPadOS, which reports
 * itself as a Mac with a touch screen.
 */
export function detectWalletPlatform(win: Window = window): WalletPlatform {
  const { userAgent, maxTouchPoints } = win.navigator;
  const ios =
    /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
  return {
    telegram: isTelegramMiniApp(win),
    android: /Android/.test(userAgent),
    safariIos: ios && !OTHER_IOS_BROWSER.test(userAgent),
  };
}

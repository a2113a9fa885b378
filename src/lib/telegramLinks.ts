import { isTelegramMiniApp, type TelegramWindow } from './telegram.ts';

/**
 * Opens `url` through Telegram when we run in a Mini App with Telegram's object loaded: a t.me
 * link inside Telegram, any other http(s) link in the user's browser. Telegram's web views drop a
 * `window.open` that no longer runs inside the user's tap, while Telegram's own methods leave the
 * app at any time. Returns false, opening nothing, for everything Telegram cannot open (native
 * wallet schemes) and outside Telegram.
 */
export function openThroughTelegram(url: string, win: Window = window): boolean {
  const webApp = (win as TelegramWindow).Telegram?.WebApp;
  if (!webApp || !isTelegramMiniApp(win)) return false;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return false;
  if (parsed.hostname === 't.me' && webApp.openTelegramLink) webApp.openTelegramLink(url);
  else webApp.openLink(url);
  return true;
}

/**
 * Opens an external link (a footer link, a wallet's page): through Telegram inside Telegram, else
 * in a new tab. Call it straight from the click handler: mobile browsers only let a user gesture
 * leave the app.
 */
export function openExternalLink(url: string, win: Window = window): void {
  if (openThroughTelegram(url, win)) return;
  win.open(url, '_blank', 'noopener,noreferrer');
}

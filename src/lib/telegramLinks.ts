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
 * Click handler for a link that leaves Gridmind (`<a target="_blank">`: the footer's and the
 * Contact page's social links). Inside a Telegram Mini App the link goes through Telegram, which
 * opens t.me links in Telegram itself and the rest in the user's browser; elsewhere the anchor
 * opens its new tab as usual. It runs inside the user's tap, as mobile browsers require.
 */
export function handleExternalLinkClick(
  event: { readonly currentTarget: { readonly href: string }; preventDefault(): void },
  win: Window = window,
): void {
  if (openThroughTelegram(event.currentTarget.href, win)) event.preventDefault();
}

import { type BackButtonRouter, followTelegramBackButton } from './telegramBackButton.ts';
import { followTelegramTheme } from './telegramTheme.ts';
import { loadTelegramWebApp } from './telegramWebApp.ts';

/**
 * Inside a Telegram Mini App: tells Telegram we are ready, takes the full height, follows its
 * theme and drives its back button from our routes. Does nothing (and loads nothing) elsewhere.
 */
export async function startTelegramMiniApp(
  router: BackButtonRouter,
  win: Window = window,
): Promise<void> {
  const webApp = await loadTelegramWebApp(win);
  if (!webApp) return;
  webApp.ready();
  webApp.expand();
  followTelegramTheme(webApp, win.document.documentElement);
  followTelegramBackButton(webApp, router);
}

import { followTelegramTheme, loadTelegramWebApp } from './telegram.ts';
import { type BackButtonRouter, followTelegramBackButton } from './telegramBackButton.ts';

/**
 * Inside a Telegram Mini App: tells Telegram we are ready, takes the full height, follows its
 * theme and drives its back button from our routes. Does nothing (and loads nothing) elsewhere.
 */
export async function startTelegramMiniApp(router: BackButtonRouter): Promise<void> {
  const webApp = await loadTelegramWebApp();
  if (!webApp) return;
  webApp.ready();
  webApp.expand();
  followTelegramTheme(webApp);
  followTelegramBackButton(webApp, router);
}

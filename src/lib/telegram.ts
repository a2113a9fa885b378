import type { TelegramThemeParam } from './telegramTheme.ts';

/** The parts of Telegram's Mini App API (telegram-web-app.js) that Gridmind uses. */
export interface TelegramWebApp {
  readonly initData: string;
  readonly platform: string;
  readonly colorScheme: 'light' | 'dark';
  readonly themeParams: Partial<Record<TelegramThemeParam, string>>;
  readonly BackButton: {
    show(): void;
    hide(): void;
    onClick(cb: () => void): void;
    offClick(cb: () => void): void;
  };
  ready(): void;
  expand(): void;
  openLink(url: string, options?: { try_instant_view?: boolean }): void;
  /** Opens a t.me link inside Telegram itself (Telegram 6.1+; older clients lack it). */
  openTelegramLink?(url: string): void;
  setHeaderColor?(color: string): void;
  /** Asks the user to let the bot message them (Telegram 6.9+); the callback says if they did. */
  requestWriteAccess?(callback: (granted: boolean) => void): void;
  setBackgroundColor?(color: string): void;
  onEvent(event: 'themeChanged', cb: () => void): void;
}

/** The page's window with Telegram's object, when telegram-web-app.js defined it. */
export type TelegramWindow = Window & { Telegram?: { WebApp?: TelegramWebApp } };

/**
 * True only inside a Telegram Mini App: Telegram's object with init data, or the `tgWebAppData`
 * launch parameter Telegram puts in the URL hash. Never decided by loading Telegram's script,
 * which defines `window.Telegram` everywhere and makes wallet libraries believe they run in
 * Telegram.
 */
export function isTelegramMiniApp(win: Window = window): boolean {
  const webApp = (win as TelegramWindow).Telegram?.WebApp;
  if (webApp?.initData) return true;
  const hash = win.location.hash.startsWith('#') ? win.location.hash.slice(1) : win.location.hash;
  return new URLSearchParams(hash).has('tgWebAppData');
}

/** The parts of Telegram's Mini App API (telegram-web-app.js) that Gridmind uses. */
export interface TelegramWebApp {
  readonly initData: string;
  readonly platform: string;
  readonly colorScheme: 'light' | 'dark';
  readonly themeParams: Partial<
    Record<'bg_color' | 'text_color' | 'button_color' | 'secondary_bg_color', string>
  >;
  readonly BackButton: {
    show(): void;
    hide(): void;
    onClick(cb: () => void): void;
    offClick(cb: () => void): void;
  };
  ready(): void;
  expand(): void;
  openLink(url: string, options?: { try_instant_view?: boolean }): void;
  setHeaderColor?(color: string): void;
  setBackgroundColor?(color: string): void;
  onEvent(event: 'themeChanged', cb: () => void): void;
}

type TelegramWindow = Window & { Telegram?: { WebApp?: TelegramWebApp } };

/** Telegram's own script, loaded only once we know we run inside Telegram. */
const TELEGRAM_SCRIPT_URL = 'https://telegram.org/js/telegram-web-app.js';

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

/** Telegram's Mini App object when we run inside Telegram, loading its script if needed. */
export async function loadTelegramWebApp(
  win: Window = window,
): Promise<TelegramWebApp | undefined> {
  if (!isTelegramMiniApp(win)) return undefined;
  const existing = (win as TelegramWindow).Telegram?.WebApp;
  if (existing) return existing;
  await new Promise<void>((resolve, reject) => {
    const script = win.document.createElement('script');
    script.src = TELEGRAM_SCRIPT_URL;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error('Telegram script failed to load'));
    win.document.head.append(script);
  }).catch((error: unknown) => console.info('Telegram Mini App unavailable', error));
  return (win as TelegramWindow).Telegram?.WebApp;
}

/** Follows Telegram's theme: page colours as CSS variables, and Telegram's header in our colour. */
export function followTelegramTheme(
  webApp: TelegramWebApp,
  root: HTMLElement = document.documentElement,
): void {
  const apply = () => {
    const { bg_color, text_color, button_color, secondary_bg_color } = webApp.themeParams;
    const set = (name: string, value: string | undefined) => {
      if (value) root.style.setProperty(name, value);
    };
    set('--tg-bg', bg_color);
    set('--tg-text', text_color);
    set('--tg-accent', button_color);
    set('--tg-surface', secondary_bg_color);
    root.dataset.telegramTheme = webApp.colorScheme;
    if (bg_color) {
      webApp.setHeaderColor?.(bg_color);
      webApp.setBackgroundColor?.(bg_color);
    }
  };
  apply();
  webApp.onEvent('themeChanged', apply);
}

/**
 * Opens an external link (a wallet's universal link, a footer link). Call it straight from the
 * click handler: Telegram and mobile browsers only let a user gesture leave the app.
 */
export function openExternalLink(url: string, win: Window = window): void {
  const webApp = (win as TelegramWindow).Telegram?.WebApp;
  if (webApp && isTelegramMiniApp(win)) {
    webApp.openLink(url);
    return;
  }
  win.open(url, '_blank', 'noopener,noreferrer');
}

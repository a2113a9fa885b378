import { isTelegramMiniApp, type TelegramWebApp, type TelegramWindow } from './telegram.ts';

/** Telegram's own script, loaded only once we know we run inside Telegram. */
const TELEGRAM_SCRIPT_URL = 'https://telegram.org/js/telegram-web-app.js';

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

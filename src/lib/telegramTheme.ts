import type { TelegramWebApp } from './telegram.ts';

/** Telegram's theme parameters the page follows. */
export type TelegramThemeParam = keyof typeof THEME_VARIABLES;

/** Each Telegram theme parameter and the CSS variable it sets (src/styles/base.css applies them). */
const THEME_VARIABLES = {
  bg_color: '--tg-bg',
  text_color: '--tg-text',
  hint_color: '--tg-hint',
  link_color: '--tg-link',
  button_color: '--tg-accent',
  button_text_color: '--tg-button-text',
  secondary_bg_color: '--tg-surface',
} as const;

/**
 * Follows Telegram's theme: its colours become the `--tg-*` CSS variables under
 * `data-telegram-theme` (src/styles/base.css, styles/shell.css), again whenever the user switches theme, and Telegram's
 * own header and background take our page colour.
 */
export function followTelegramTheme(
  webApp: TelegramWebApp,
  root: HTMLElement = document.documentElement,
): void {
  const apply = () => {
    const params = webApp.themeParams;
    for (const [param, variable] of Object.entries(THEME_VARIABLES)) {
      const value = params[param as TelegramThemeParam];
      // A colour the new theme leaves out must not linger from the previous one.
      if (value) root.style.setProperty(variable, value);
      else root.style.removeProperty(variable);
    }
    root.dataset.telegramTheme = webApp.colorScheme;
    if (params.bg_color) {
      webApp.setHeaderColor?.(params.bg_color);
      webApp.setBackgroundColor?.(params.bg_color);
    }
  };
  apply();
  webApp.onEvent('themeChanged', apply);
}

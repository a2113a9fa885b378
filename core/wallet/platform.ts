/**
 * Where the app runs, as far as wallet links care. Detected in the browser (src/lib) and passed
 * in, so the rules here stay pure and testable.
 */
export interface WalletPlatform {
  /** Inside a Telegram Mini App (detected from Telegram's init data, never by loading its script). */
  readonly telegram: boolean;
  /** An Android device. */
  readonly android: boolean;
  /** Safari on iOS (including the installed home-screen app, which is Safari's web view). */
  readonly safariIos: boolean;
}

/** A desktop browser: no Telegram, no Android, no Safari iOS. */
export const DESKTOP_PLATFORM: WalletPlatform = {
  telegram: false,
  android: false,
  safariIos: false,
};

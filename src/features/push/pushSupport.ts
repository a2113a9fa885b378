/** Whether this browser can be told things by Web Push, and what stands in the way if not. */
export type PushSupport =
  /** No service worker, PushManager or Notification here (an old browser, a Telegram web view). */
  | { kind: 'unsupported' }
  /** iOS and iPadOS deliver Web Push only to a web app added to the Home Screen. */
  | { kind: 'ios-needs-install' }
  /** Push works; the browser's permission as it stands. */
  | { kind: 'available'; permission: NotificationPermission };

type IosNavigator = Navigator & { standalone?: boolean };

/** Installed to the home screen (the install feature has the same test, for its own use). */
function isStandalone(win: Window): boolean {
  return (
    win.matchMedia?.('(display-mode: standalone)').matches === true ||
    (win.navigator as IosNavigator).standalone === true
  );
}

/** Every browser on iOS and iPadOS (which reports itself as a Mac with a touch screen). */
function isIos(win: Window): boolean {
  const { userAgent, maxTouchPoints } = win.navigator;
  return /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
}

/** What Web Push can do in this window. */
export function pushSupport(win: Window = window): PushSupport {
  if (isIos(win) && !isStandalone(win)) return { kind: 'ios-needs-install' };
  const notification = (win as Window & { Notification?: typeof Notification }).Notification;
  if (!('serviceWorker' in win.navigator) || !('PushManager' in win) || !notification) {
    return { kind: 'unsupported' };
  }
  return { kind: 'available', permission: notification.permission };
}

/** The hint iOS needs before it can notify (SPEC's wording for install hints). */
export const IOS_PUSH_HINT =
  'To be notified on this device, add Gridmind to your Home Screen first: tap Share, then Add to Home Screen, and open it from there.';

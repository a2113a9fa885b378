import { Workbox } from 'workbox-window';
import { toast } from './toast.ts';

/** What to do when a new version is installed and waiting; `applyUpdate` activates it and reloads. */
export type OnUpdateReady = (applyUpdate: () => void) => void;

/**
 * Registers the service worker with workbox-window, where service workers exist at all (not in
 * Telegram's iOS web view or some private modes: the app then simply runs without one). A new
 * version never takes over by itself, since a reload mid-match would lose the user's place: it
 * waits until the user chooses to reload.
 */
export function registerServiceWorker(
  options: { scriptUrl?: string; onUpdateReady?: OnUpdateReady } = {},
): Workbox | undefined {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return undefined;
  const workbox = new Workbox(options.scriptUrl ?? '/sw.js', { scope: '/' });
  const onUpdateReady = options.onUpdateReady ?? showUpdateToast;
  workbox.addEventListener('waiting', () => {
    onUpdateReady(() => {
      workbox.addEventListener('controlling', () => window.location.reload());
      workbox.messageSkipWaiting();
    });
  });
  workbox.register().catch((error: unknown) => {
    console.info('Service worker registration failed; running without offline support', error);
  });
  // An installed app may stay open for days: look for a new version whenever it comes back.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void workbox.update().catch(() => {});
  });
  return workbox;
}

/** The "Reload to update" toast; it stays until the user acts or dismisses it. */
function showUpdateToast(applyUpdate: () => void): void {
  toast.info({
    message: 'A new version of Gridmind is ready',
    description: 'Reload when it suits you; nothing restarts by itself.',
    duration: Number.POSITIVE_INFINITY,
    action: { label: 'Reload to update', onClick: applyUpdate },
  });
}

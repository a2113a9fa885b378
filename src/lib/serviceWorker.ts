import { toast } from './toast.ts';

/** What to do when a new version is installed and waiting; `applyUpdate` activates it and reloads. */
export type OnUpdateReady = (applyUpdate: () => void) => void;

/**
 * Registers the service worker, where service workers exist at all (not in Telegram's iOS web
 * view or some private modes: the app then simply runs without one). A new version never takes
 * over by itself, since a reload mid-match would lose the user's place: it waits until the user
 * chooses to reload. The browser's own API, not workbox-window: the few lines we need are smaller
 * than its 2 KB, and this chunk loads on every first visit (docs/ARCHITECTURE.md, first load).
 */
export function registerServiceWorker(
  options: { scriptUrl?: string; onUpdateReady?: OnUpdateReady } = {},
): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  const container = navigator.serviceWorker;
  const onUpdateReady = options.onUpdateReady ?? showUpdateToast;
  const offerUpdate = (registration: ServiceWorkerRegistration) =>
    onUpdateReady(() => {
      container.addEventListener('controllerchange', () => window.location.reload(), {
        once: true,
      });
      // sw/sw.ts skips waiting on this message, and the new worker claims this page.
      registration.waiting?.postMessage({ type: 'SKIP_WAITING' });
    });

  container.register(options.scriptUrl ?? '/sw.js', { scope: '/' }).then(
    (registration) => {
      // Left waiting by an earlier visit (another tab, or a reload before the old page unloaded).
      if (registration.waiting) offerUpdate(registration);
      registration.addEventListener('updatefound', () => {
        const worker = registration.installing;
        worker?.addEventListener('statechange', () => {
          // An update waits behind the active worker; a first install activates at once.
          if (
            worker.state === 'installed' &&
            registration.active &&
            registration.waiting === worker
          )
            offerUpdate(registration);
        });
      });
      // An installed app may stay open for days: look for a new version whenever it comes back.
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'visible') void registration.update().catch(() => {});
      });
    },
    (error: unknown) => {
      console.info('Service worker registration failed; running without offline support', error);
    },
  );
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

import { Workbox } from 'workbox-window';
import { toast } from './toast.ts';

/** What to do when a new version is installed and waiting; `applyUpdate` activates it and reloads. */
export type OnUpdateReady = (applyUpdate: () => void) => void;

/** The parts of the page the update flow touches; the browser's own unless a test passes fakes. */
export interface UpdateEnvironment {
  readonly document: Document;
  readonly reload: () => void;
}

/**
 * Registers the service worker through workbox-window, where service workers exist at all (not in
 * Telegram's iOS web view or some private modes: the app then simply runs without one). A new
 * version never takes over by itself, since a reload mid-match would lose the user's place: it
 * waits until the user chooses to reload. This module (and workbox-window with it) is imported
 * when the page is idle, never with the first load (src/app/startApp.tsx).
 */
export function registerServiceWorker(
  options: { scriptUrl?: string; onUpdateReady?: OnUpdateReady } = {},
): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  void watchForUpdates(
    { document, reload: () => window.location.reload() },
    {
      scriptUrl: options.scriptUrl ?? '/sw.js',
      onUpdateReady: options.onUpdateReady ?? showUpdateToast,
    },
  );
}

/**
 * Registers `scriptUrl` with a `Workbox` and offers each new version through `onUpdateReady`;
 * resolves with the registration, or with nothing where registration failed or was blocked (the
 * app then runs without offline support).
 */
export async function watchForUpdates(
  env: UpdateEnvironment,
  options: { scriptUrl: string; onUpdateReady: OnUpdateReady },
): Promise<ServiceWorkerRegistration | undefined> {
  const workbox = new Workbox(options.scriptUrl, { scope: '/' });
  let registration: ServiceWorkerRegistration | undefined;
  // Listening before register(): Workbox announces a version left waiting by an earlier visit
  // (another tab, or a reload before the old page unloaded) while register() is still settling.
  // It also fires for a waiting version it calls external (found long after registration); that
  // is still the newest version, so it is offered all the same.
  workbox.addEventListener('waiting', () =>
    options.onUpdateReady(() => applyUpdate(workbox, registration, env)),
  );

  // Immediate: the caller already waited for the page to load and go idle.
  registration = await workbox.register({ immediate: true }).then(
    (registered) => registered,
    // Also where a host stubs register() to resolve with nothing (Playwright's serviceWorkers:
    // 'block'): Workbox then fails reading the missing registration.
    (error: unknown) => {
      console.info('Service worker registration failed; running without offline support', error);
      return undefined;
    },
  );
  if (!registration) return undefined;
  // An installed app may stay open for days: look for a new version whenever it comes back.
  env.document.addEventListener('visibilitychange', () => {
    if (env.document.visibilityState === 'visible') void workbox.update().catch(() => {});
  });
  return registration;
}

/**
 * The user's "Reload to update": the waiting worker is told to take over, and the page reloads
 * once it controls the page. When another tab already let it take over, nothing is waiting any
 * more and this page's controller change has passed: the page just reloads onto the new version.
 */
function applyUpdate(
  workbox: Workbox,
  registration: ServiceWorkerRegistration | undefined,
  env: UpdateEnvironment,
): void {
  if (!registration?.waiting) {
    env.reload();
    return;
  }
  // Any new controller now is the version the user asked for, even one Workbox calls external
  // (`isExternal`: found long after registration), so the event's flags are not consulted.
  workbox.addEventListener('controlling', () => env.reload());
  // Posts { type: 'SKIP_WAITING' } to the waiting worker: sw/sw.ts skips waiting on it, and
  // its clientsClaim() makes it this page's controller.
  workbox.messageSkipWaiting();
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

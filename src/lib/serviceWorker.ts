import { toast } from './toast.ts';

/** What to do when a new version is installed and waiting; `applyUpdate` activates it and reloads. */
export type OnUpdateReady = (applyUpdate: () => void) => void;

/** The parts of the page the update flow touches; the browser's own unless a test passes fakes. */
export interface UpdateEnvironment {
  readonly container: ServiceWorkerContainer;
  readonly document: Document;
  readonly reload: () => void;
}

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
  void watchForUpdates(
    {
      container: navigator.serviceWorker,
      document,
      reload: () => window.location.reload(),
    },
    {
      scriptUrl: options.scriptUrl ?? '/sw.js',
      onUpdateReady: options.onUpdateReady ?? showUpdateToast,
    },
  );
}

/**
 * Registers `scriptUrl` and offers each new version through `onUpdateReady`; resolves once
 * registered (or registration failed: the app then runs without offline support).
 */
export async function watchForUpdates(
  env: UpdateEnvironment,
  options: { scriptUrl: string; onUpdateReady: OnUpdateReady },
): Promise<void> {
  const { container } = env;
  const offerUpdate = (registration: ServiceWorkerRegistration) =>
    options.onUpdateReady(() => applyUpdate(env, registration));

  const registration = await container.register(options.scriptUrl, { scope: '/' }).then(
    // Some hosts stub register() to resolve with nothing (Playwright's serviceWorkers: 'block').
    (registered: ServiceWorkerRegistration | undefined) => registered,
    (error: unknown) => {
      console.info('Service worker registration failed; running without offline support', error);
      return undefined;
    },
  );
  if (!registration) return;
  // Left waiting by an earlier visit (another tab, or a reload before the old page unloaded).
  if (registration.waiting) offerUpdate(registration);
  registration.addEventListener('updatefound', () => {
    const worker = registration.installing;
    worker?.addEventListener('statechange', () => {
      // An update waits behind the active worker; a first install activates at once.
      if (worker.state === 'installed' && registration.active && registration.waiting === worker)
        offerUpdate(registration);
    });
  });
  // An installed app may stay open for days: look for a new version whenever it comes back.
  env.document.addEventListener('visibilitychange', () => {
    if (env.document.visibilityState === 'visible') void registration.update().catch(() => {});
  });
}

/**
 * The user's "Reload to update": the waiting worker is told to take over, and the page reloads
 * once it controls the page. When another tab already let it take over, nothing is waiting any
 * more and this page's `controllerchange` has passed: the page just reloads onto the new version.
 */
function applyUpdate(env: UpdateEnvironment, registration: ServiceWorkerRegistration): void {
  const waiting = registration.waiting;
  if (!waiting) {
    env.reload();
    return;
  }
  env.container.addEventListener('controllerchange', () => env.reload(), { once: true });
  // sw/sw.ts skips waiting on this message, and the new worker claims this page.
  waiting.postMessage({ type: 'SKIP_WAITING' });
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

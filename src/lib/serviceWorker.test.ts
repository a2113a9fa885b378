import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { watchForUpdates } from './serviceWorker.ts';

/**
 * The browser's service worker objects at their API boundary (navigator.serviceWorker, the
 * registration and its workers), which the real workbox-window drives: the test moves worker
 * states by hand, as the browser would when a new version installs or another tab acts.
 */
function fakeBrowser(options: { register?: () => Promise<unknown> } = {}) {
  const messages: unknown[] = [];
  const worker = (state: ServiceWorkerState) =>
    Object.assign(new EventTarget(), {
      state,
      scriptURL: 'https://gridmind.test/sw.js',
      postMessage: (message: unknown, transfer: MessagePort[] = []) => {
        messages.push(message);
        // Workbox waits on a reply channel our worker never answers; closed, it keeps no handle.
        for (const port of transfer) port.close();
      },
    }) as unknown as ServiceWorker;
  const active = worker('activated');
  let updateChecks = 0;
  const registration = Object.assign(new EventTarget(), {
    active: active as ServiceWorker | null,
    waiting: null as ServiceWorker | null,
    installing: null as ServiceWorker | null,
    update: async () => void updateChecks++,
  });
  const container = Object.assign(new EventTarget(), {
    controller: active as ServiceWorker | null,
    register: options.register ?? (async () => registration),
  });
  vi.stubGlobal('navigator', { serviceWorker: container });
  // Workbox compares script URLs resolved against the page's address.
  vi.stubGlobal('location', new URL('https://gridmind.test/games'));
  const page = Object.assign(new EventTarget(), { visibilityState: 'visible' });
  let reloads = 0;
  const offers: (() => void)[] = [];
  /** The browser's worker becomes the page's controller (its clientsClaim()). */
  const takeControl = (next: ServiceWorker) => {
    registration.active = next;
    registration.waiting = null;
    Object.assign(next, { state: 'activated' });
    next.dispatchEvent(new Event('statechange'));
    container.controller = next;
    container.dispatchEvent(new Event('controllerchange'));
  };
  return {
    start: () =>
      watchForUpdates(
        { document: page as unknown as Document, reload: () => void reloads++ },
        { scriptUrl: '/sw.js', onUpdateReady: (applyUpdate) => void offers.push(applyUpdate) },
      ),
    registration,
    container,
    page,
    messages,
    offers,
    reloads: () => reloads,
    updateChecks: () => updateChecks,
    /**
     * A new version finishes installing: it waits behind the active one, or, on a first install
     * (nothing active), activates at once, as the browser does.
     */
    installUpdate() {
      const next = worker('installing');
      registration.installing = next;
      registration.dispatchEvent(new Event('updatefound'));
      registration.installing = null;
      Object.assign(next, { state: 'installed' });
      if (registration.active) registration.waiting = next;
      next.dispatchEvent(new Event('statechange'));
      if (!registration.active) takeControl(next);
      return next;
    },
    /** A tab's "Reload to update" reached the waiting worker: it activates and claims every tab. */
    waitingTakesOver() {
      if (registration.waiting) takeControl(registration.waiting);
    },
  };
}

beforeEach(() => {
  // Workbox reports a waiting worker 200 ms after it installs (in case it activates at once),
  // on `self`'s timers.
  vi.useFakeTimers();
  vi.stubGlobal('self', globalThis);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the "Reload to update" offer', () => {
  it('tells the waiting worker to take over and reloads only once it controls the page', async () => {
    const browser = fakeBrowser();
    expect(await browser.start()).toBe(browser.registration);
    browser.installUpdate();
    await vi.advanceTimersByTimeAsync(200);
    expect(browser.offers).toHaveLength(1);
    expect(browser.reloads()).toBe(0);

    browser.offers[0]?.();
    expect(browser.messages).toEqual([{ type: 'SKIP_WAITING' }]);
    expect(browser.reloads()).toBe(0);
    browser.waitingTakesOver();
    expect(browser.reloads()).toBe(1);
  });

  it('reloads when another tab already activated the new version (nothing is waiting any more)', async () => {
    const browser = fakeBrowser();
    await browser.start();
    browser.installUpdate();
    await vi.advanceTimersByTimeAsync(200);
    browser.waitingTakesOver();
    // The other tab's takeover never reloads this one by itself.
    expect(browser.reloads()).toBe(0);

    browser.offers[0]?.();
    expect(browser.reloads()).toBe(1);
    expect(browser.messages).toEqual([]);
  });

  it('offers a version left waiting by an earlier visit, and nothing on a first install', async () => {
    const earlier = fakeBrowser();
    const leftWaiting = earlier.installUpdate();
    await vi.advanceTimersByTimeAsync(200);
    await earlier.start();
    expect(earlier.offers).toHaveLength(1);
    earlier.offers[0]?.();
    expect(earlier.registration.waiting).toBe(leftWaiting);
    expect(earlier.messages).toEqual([{ type: 'SKIP_WAITING' }]);

    const first = fakeBrowser();
    first.registration.active = null;
    first.container.controller = null;
    await first.start();
    first.installUpdate();
    await vi.advanceTimersByTimeAsync(200);
    expect(first.offers).toHaveLength(0);
    expect(first.reloads()).toBe(0);
  });

  it('offers a version found long after registration, which Workbox calls external', async () => {
    const browser = fakeBrowser();
    await browser.start();
    // An installed app left open: Workbox takes an update found after its first minute for
    // another page's doing (`isExternal`).
    await vi.advanceTimersByTimeAsync(2 * 60 * 60 * 1000);
    browser.installUpdate();
    await vi.advanceTimersByTimeAsync(200);
    expect(browser.offers).toHaveLength(1);

    browser.offers[0]?.();
    browser.waitingTakesOver();
    expect(browser.reloads()).toBe(1);
  });

  it('looks for a new version whenever the page becomes visible again', async () => {
    const browser = fakeBrowser();
    await browser.start();
    browser.page.visibilityState = 'hidden';
    browser.page.dispatchEvent(new Event('visibilitychange'));
    expect(browser.updateChecks()).toBe(0);
    browser.page.visibilityState = 'visible';
    browser.page.dispatchEvent(new Event('visibilitychange'));
    expect(browser.updateChecks()).toBe(1);
  });

  it('runs on without a worker where register() resolves with nothing or fails', async () => {
    for (const register of [
      async () => undefined,
      async () => Promise.reject(new Error('denied')),
    ]) {
      const info = vi.spyOn(console, 'info').mockImplementation(() => {});
      const browser = fakeBrowser({ register });
      expect(await browser.start()).toBeUndefined();
      expect(info).toHaveBeenCalledOnce();
      browser.page.dispatchEvent(new Event('visibilitychange'));
      await vi.advanceTimersByTimeAsync(200);
      expect(browser.updateChecks()).toBe(0);
      expect(browser.offers).toEqual([]);
      info.mockRestore();
    }
  });
});

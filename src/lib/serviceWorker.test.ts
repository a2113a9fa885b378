import { describe, expect, it } from 'vitest';
import { watchForUpdates } from './serviceWorker.ts';

/**
 * The browser's service worker objects at their API boundary: a registration whose worker states
 * the test moves by hand, as the browser would when a new version installs or another tab acts.
 */
function fakeBrowser() {
  const messages: unknown[] = [];
  const worker = (state: ServiceWorkerState) =>
    Object.assign(new EventTarget(), {
      state,
      postMessage: (message: unknown) => void messages.push(message),
    }) as unknown as ServiceWorker;
  const registration = Object.assign(new EventTarget(), {
    active: worker('activated') as ServiceWorker | null,
    waiting: null as ServiceWorker | null,
    installing: null as ServiceWorker | null,
    update: async () => {},
  });
  const container = Object.assign(new EventTarget(), {
    register: async () => registration as unknown as ServiceWorkerRegistration,
  }) as unknown as ServiceWorkerContainer;
  const page = Object.assign(new EventTarget(), { visibilityState: 'visible' });
  let reloads = 0;
  const offers: (() => void)[] = [];
  const start = () =>
    watchForUpdates(
      { container, document: page as unknown as Document, reload: () => void reloads++ },
      { scriptUrl: '/sw.js', onUpdateReady: (applyUpdate) => void offers.push(applyUpdate) },
    );
  return {
    start,
    registration,
    container,
    messages,
    offers,
    reloads: () => reloads,
    /** A new version finishes installing and waits behind the active one. */
    installUpdate() {
      const next = worker('installing');
      registration.installing = next;
      registration.dispatchEvent(new Event('updatefound'));
      Object.assign(next, { state: 'installed' });
      registration.installing = null;
      registration.waiting = next;
      next.dispatchEvent(new Event('statechange'));
      return next;
    },
    /** Another tab's "Reload to update": the waiting worker activates and claims every tab. */
    otherTabActivates() {
      registration.active = registration.waiting;
      registration.waiting = null;
      container.dispatchEvent(new Event('controllerchange'));
    },
  };
}

describe('the "Reload to update" offer', () => {
  it('tells the waiting worker to take over and reloads only once it controls the page', async () => {
    const browser = fakeBrowser();
    await browser.start();
    browser.installUpdate();
    expect(browser.offers).toHaveLength(1);
    expect(browser.reloads()).toBe(0);

    browser.offers[0]?.();
    expect(browser.messages).toEqual([{ type: 'SKIP_WAITING' }]);
    expect(browser.reloads()).toBe(0);
    browser.otherTabActivates();
    expect(browser.reloads()).toBe(1);
  });

  it('reloads when another tab already activated the new version (nothing is waiting any more)', async () => {
    const browser = fakeBrowser();
    await browser.start();
    browser.installUpdate();
    browser.otherTabActivates();
    // The other tab's takeover never reloads this one by itself.
    expect(browser.reloads()).toBe(0);

    browser.offers[0]?.();
    expect(browser.reloads()).toBe(1);
    expect(browser.messages).toEqual([]);
  });

  it('offers a version left waiting by an earlier visit, and nothing on a first install', async () => {
    const earlier = fakeBrowser();
    earlier.registration.waiting = earlier.registration.active;
    await earlier.start();
    expect(earlier.offers).toHaveLength(1);

    const first = fakeBrowser();
    first.registration.active = null;
    await first.start();
    first.installUpdate();
    expect(first.offers).toHaveLength(0);
  });

  it('runs on without a worker where register() resolves with nothing or fails', async () => {
    for (const register of [
      async () => undefined,
      async () => Promise.reject(new Error('denied')),
    ]) {
      const container = Object.assign(new EventTarget(), { register });
      const page = Object.assign(new EventTarget(), { visibilityState: 'visible' });
      const offers: unknown[] = [];
      await watchForUpdates(
        {
          container: container as unknown as ServiceWorkerContainer,
          document: page as unknown as Document,
          reload: () => {},
        },
        { scriptUrl: '/sw.js', onUpdateReady: (applyUpdate) => void offers.push(applyUpdate) },
      );
      page.dispatchEvent(new Event('visibilitychange'));
      expect(offers).toEqual([]);
    }
  });
});

import type { BrowserContext, CDPSession, Page } from 'playwright-core';

/** Delivers Web Push messages to a page's service worker the way DevTools does. */
export interface PushDelivery {
  /**
   * Delivers `data` as a push and resolves once Chromium reports the push event completed (its
   * `waitUntil` promises settled), with the status it reported: "Success" when the worker ran it.
   */
  deliver(data: string): Promise<string>;
  detach(): Promise<void>;
}

const COMPLETED = 'Push event completed';
const STATUS_KEY = 'Status';
/** Generous for a loaded machine: the worker is running, so this is one event's handling. */
const COMPLETION_TIMEOUT_MS = 30_000;

/**
 * A push delivery for the service worker of `origin` that controls `page`.
 *
 * `ServiceWorker.deliverPushMessage` answers before the worker has the push, so the event's end
 * is read from DevTools' background-service log instead. A test must wait for it before reading
 * `getNotifications()`: Chromium drops from its notification database a notification it is still
 * putting on screen when a `getNotifications()` call runs meanwhile, and the notification then
 * never shows in that list (seen in this suite: 15 of 60 pushes with the list read in a loop).
 */
export async function pushDeliveryFor(
  context: BrowserContext,
  page: Page,
  origin: string,
): Promise<PushDelivery> {
  const cdp: CDPSession = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find(
        (registration) => !registration.isDeleted && registration.scopeURL.startsWith(origin),
      );
      if (ours) resolve(ours.registrationId);
    });
  });
  const waiting: ((status: string) => void)[] = [];
  cdp.on('BackgroundService.backgroundServiceEventReceived', ({ backgroundServiceEvent }) => {
    if (backgroundServiceEvent.eventName !== COMPLETED) return;
    const status = backgroundServiceEvent.eventMetadata.find((entry) => entry.key === STATUS_KEY);
    waiting.shift()?.(status?.value ?? 'no status');
  });
  await cdp.send('ServiceWorker.enable');
  await cdp.send('BackgroundService.setRecording', {
    shouldRecord: true,
    service: 'pushMessaging',
  });
  // Observing replays what was logged before; no delivery waits yet, so that is passed over.
  await cdp.send('BackgroundService.startObserving', { service: 'pushMessaging' });

  return {
    async deliver(data) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const completed = new Promise<string>((resolve, reject) => {
        waiting.push(resolve);
        timer = setTimeout(
          () => reject(new Error(`no push event completed within ${COMPLETION_TIMEOUT_MS} ms`)),
          COMPLETION_TIMEOUT_MS,
        );
      });
      await cdp.send('ServiceWorker.deliverPushMessage', {
        origin,
        registrationId: await registrationId,
        data,
      });
      return completed.finally(() => clearTimeout(timer));
    },
    async detach() {
      await cdp.send('BackgroundService.stopObserving', { service: 'pushMessaging' });
      await cdp.detach();
    },
  };
}

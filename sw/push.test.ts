import { describe, expect, it } from 'vitest';
import { openFromNotification, type PushWorker, readPushPayload, showPush } from './push.ts';

const ORIGIN = 'https://gridmind.example';

/** A fake of the browser's service worker scope: its notifications, windows and what they did. */
function fakeWorker(windowUrls: string[] = [], { navigable = true, focusable = true } = {}) {
  const shown: { title: string; options: NotificationOptions }[] = [];
  const log: string[] = [];
  const windows = windowUrls.map((url, index) => ({
    url,
    focus: async () => {
      if (!focusable)
        throw new DOMException('Not allowed to focus a window.', 'InvalidAccessError');
      log.push(`focus ${index}`);
    },
    navigate: async (to: string) => {
      if (!navigable) throw new TypeError('This service worker is not the client’s active one.');
      log.push(`navigate ${index} ${to}`);
    },
  }));
  const worker: PushWorker = {
    location: { origin: ORIGIN },
    registration: {
      showNotification: async (title, options) => {
        shown.push({ title, options });
      },
    },
    clients: {
      matchAll: async () => windows,
      openWindow: async (url) => {
        log.push(`open ${url}`);
      },
    },
  };
  return { worker, shown, log };
}

const payload = {
  title: 'Connect Four: Rook vs Knight',
  body: 'Betting closes in 30 s.',
  path: '/watch/m1',
  key: 'match-announced:m1',
};

describe('the push handler', () => {
  it('shows the notification with its icon, its key as tag and its path as data', async () => {
    const { worker, shown } = fakeWorker();
    await showPush(worker, JSON.stringify(payload));
    expect(shown).toEqual([
      {
        title: payload.title,
        options: {
          body: payload.body,
          icon: '/icons/icon-192.png',
          badge: '/icons/icon-192.png',
          tag: payload.key,
          data: { path: '/watch/m1' },
        },
      },
    ]);
  });

  it('still shows a generic notification for a push it cannot read', async () => {
    for (const text of [
      undefined,
      'not json',
      JSON.stringify({ ...payload, path: '//evil.example' }),
    ]) {
      const { worker, shown } = fakeWorker();
      await showPush(worker, text);
      expect(shown).toHaveLength(1);
      expect(shown[0]?.title).toBe('Gridmind');
      expect(shown[0]?.options.data).toEqual({ path: '/' });
    }
    expect(readPushPayload(JSON.stringify({ ...payload, title: '' })).title).toBe('Gridmind');
  });
});

describe('the notification click', () => {
  it("focuses an open Gridmind window and takes it to the notice's page", async () => {
    const { worker, log } = fakeWorker(['https://other.example/', `${ORIGIN}/games`]);
    await openFromNotification(worker, { path: '/watch/m1' });
    expect(log).toEqual([`navigate 1 ${ORIGIN}/watch/m1`, 'focus 1']);
  });

  it('opens a new window when no Gridmind window is open, or the open one cannot be navigated', async () => {
    const none = fakeWorker(['https://other.example/']);
    await openFromNotification(none.worker, { path: '/watch/m1' });
    expect(none.log).toEqual([`open ${ORIGIN}/watch/m1`]);
    const stuck = fakeWorker([`${ORIGIN}/`], { navigable: false });
    await openFromNotification(stuck.worker, { path: '/watch/m1' });
    expect(stuck.log).toEqual([`open ${ORIGIN}/watch/m1`]);
  });

  it('leaves the window on the page when the browser refuses to raise it, opening no other', async () => {
    const { worker, log } = fakeWorker([`${ORIGIN}/games`], { focusable: false });
    await openFromNotification(worker, { path: '/watch/m1' });
    expect(log).toEqual([`navigate 0 ${ORIGIN}/watch/m1`]);
  });

  it('opens only pages of our own origin, whatever the data says', async () => {
    const { worker, log } = fakeWorker();
    await openFromNotification(worker, { path: 'https://evil.example/phish' });
    await openFromNotification(worker, null);
    expect(log).toEqual([`open ${ORIGIN}/`, `open ${ORIGIN}/`]);
  });
});

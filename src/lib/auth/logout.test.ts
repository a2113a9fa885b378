import { afterEach, describe, expect, it, vi } from 'vitest';
import { logout } from './logout.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('logout', () => {
  it('succeeds when the reply body is exactly {}', async () => {
    const fetch = vi.fn(async () => new Response('{}'));
    vi.stubGlobal('fetch', fetch);
    await expect(logout()).resolves.toBe(true);
    expect(fetch).toHaveBeenCalledWith('/auth/logout', {
      credentials: 'include',
      cache: 'no-store',
    });
  });

  it.each([
    ['an empty body', ''],
    ['{} with spacing', '{ }'],
    ['another JSON object', '{"ok":true}'],
    ['true', 'true'],
  ])('fails on %s', async (_, body) => {
    vi.stubGlobal('fetch', async () => new Response(body));
    await expect(logout()).resolves.toBe(false);
  });

  it('fails on a non-OK reply even with {} and when the server is unreachable', async () => {
    vi.stubGlobal('fetch', async () => new Response('{}', { status: 500 }));
    await expect(logout()).resolves.toBe(false);
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(logout()).resolves.toBe(false);
  });
});

/** A browser with a service worker whose registration holds `subscription` (or none). */
function stubServiceWorker(getSubscription: () => Promise<unknown>) {
  vi.stubGlobal('navigator', {
    serviceWorker: { getRegistration: async () => ({ pushManager: { getSubscription } }) },
  });
}

describe('logout on a device subscribed to Web Push', () => {
  const endpoint = 'https://fcm.googleapis.com/fcm/send/device-1';

  /** The requests and unsubscribes in order, with the server answering DELETE with `status`. */
  function device(deleteStatus: number) {
    const calls: string[] = [];
    stubServiceWorker(async () => ({
      endpoint,
      unsubscribe: async () => {
        calls.push('unsubscribe');
        return true;
      },
    }));
    vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
      calls.push(`${init.method ?? 'GET'} ${url}${init.body ? ` ${String(init.body)}` : ''}`);
      if (url === '/auth/logout') return new Response('{}');
      return new Response(null, { status: deleteStatus });
    });
    return calls;
  }

  it('has the server forget the device while still signed in, then drops the subscription', async () => {
    const calls = device(204);
    await expect(logout()).resolves.toBe(true);
    expect(calls).toEqual([
      `DELETE /api/push/subscriptions ${JSON.stringify({ endpoint })}`,
      'unsubscribe',
      'GET /auth/logout',
    ]);
  });

  it('still drops the subscription and signs out when the server cannot forget the device', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const calls = device(503);
    await expect(logout()).resolves.toBe(true);
    expect(calls.slice(1)).toEqual(['unsubscribe', 'GET /auth/logout']);
  });

  it('signs out after a few seconds when the push manager never answers', async () => {
    vi.useFakeTimers();
    try {
      vi.spyOn(console, 'warn').mockImplementation(() => {});
      stubServiceWorker(() => new Promise(() => {}));
      vi.stubGlobal('fetch', async () => new Response('{}'));
      const signedOut = logout();
      await vi.advanceTimersByTimeAsync(3000);
      await expect(signedOut).resolves.toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});

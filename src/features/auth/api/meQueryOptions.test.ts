import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { meQueryOptions } from './meQueryOptions.ts';

// TanStack Query runs intervals only in a browser, which it detects once, on import, by `window`.
vi.hoisted(() => {
  Object.assign(globalThis, { window: { addEventListener() {}, removeEventListener() {} } });
});

const me = {
  userId: 'u1',
  address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  userInfo: { nickname: 'alice', balance: 100, isAdmin: false },
};

beforeEach(() => {
  vi.useFakeTimers();
  // The sign-in hint cookie, so getMe asks the server at all.
  vi.stubGlobal('document', { cookie: 'gridmind_signed_in=1', visibilityState: 'visible' });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

afterAll(() => {
  Reflect.deleteProperty(globalThis, 'window');
});

describe('meQueryOptions', () => {
  it('asks /api/me again every 5 minutes and turns a user into null once the session ended', async () => {
    let signedIn = true;
    const fetch = vi.fn(async () =>
      signedIn ? Response.json(me) : new Response('', { status: 401 }),
    );
    vi.stubGlobal('fetch', fetch);
    const client = new QueryClient();
    const observer = new QueryObserver(client, meQueryOptions());
    const stop = observer.subscribe(() => {});

    await vi.advanceTimersByTimeAsync(0);
    expect(observer.getCurrentResult().data).toEqual(me);
    expect(fetch).toHaveBeenCalledTimes(1);

    await vi.advanceTimersByTimeAsync(5 * 60 * 1000 - 1);
    expect(fetch).toHaveBeenCalledTimes(1);
    signedIn = false; // idle or absolute expiry on the server
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(observer.getCurrentResult().data).toBeNull();

    stop();
    client.clear();
  });
});

import 'fake-indexeddb/auto';
import { QueryClient } from '@tanstack/react-query';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { type CacheLayer, openCacheLayer } from './cacheLayer.ts';
import { PERSISTED_QUERIES_MAX_AGE_MS } from './lifetimes.ts';
import { persistQueries } from './persistQueries.ts';

const T0 = new Date('2026-11-22T06:00:00Z').getTime();
const me = { nickname: 'ada', balanceMinor: 12_345_678_901_234_567_890n };
let layer: CacheLayer;

async function saveSession(buster: string) {
  const client = new QueryClient();
  const stop = await persistQueries(client, { layer, buster, throttleMs: 10 });
  client.setQueryData(['me'], me);
  await vi.advanceTimersByTimeAsync(10);
  stop();
}

async function restoreSession(buster: string) {
  const client = new QueryClient();
  const stop = await persistQueries(client, { layer, buster, throttleMs: 10 });
  stop();
  return client.getQueryData(['me']);
}

beforeEach(async () => {
  // fake-indexeddb schedules with setImmediate, which must stay real.
  vi.useFakeTimers({ now: T0, toFake: ['Date', 'setTimeout', 'clearTimeout'] });
  layer = await openCacheLayer({ indexedDB: new IDBFactory(), log: () => {} });
  expect(layer.backendKind()).toBe('indexeddb');
});
afterEach(() => vi.useRealTimers());

describe('persisted query client', () => {
  it('restores the last data on a cold start, bigint intact', async () => {
    await saveSession('0.1.0');
    expect(await restoreSession('0.1.0')).toEqual(me);
  });

  it('drops data saved by another app version', async () => {
    await saveSession('0.1.0');
    expect(await restoreSession('0.2.0')).toBeUndefined();
  });

  it('drops data older than 24 h', async () => {
    await saveSession('0.1.0');
    vi.setSystemTime(T0 + PERSISTED_QUERIES_MAX_AGE_MS + 1);
    expect(await restoreSession('0.1.0')).toBeUndefined();
  });

  it('saves what settled while a slow restore held the subscription back', async () => {
    // The app does not wait more than 1.5 s for the restore (startQueryPersistence): queries
    // that settle meanwhile raise no later cache event, so starting to save must save them.
    let releaseRestore = () => {};
    const restoreGate = new Promise<void>((resolve) => {
      releaseRestore = resolve;
    });
    const slowLayer: CacheLayer = {
      ...layer,
      read: (async (...args: Parameters<CacheLayer['read']>) => {
        await restoreGate;
        return layer.read(...args);
      }) as CacheLayer['read'],
    };
    const live = { items: [{ id: 'm1' }] };
    const client = new QueryClient();
    const started = persistQueries(client, { layer: slowLayer, buster: 'v', throttleMs: 10 });
    client.setQueryData(['matches', 'live', 20], live);
    releaseRestore();
    const stop = await started;
    await vi.advanceTimersByTimeAsync(10);
    stop();

    const next = new QueryClient();
    (await persistQueries(next, { layer, buster: 'v', throttleMs: 10 }))();
    expect(next.getQueryData(['matches', 'live', 20])).toEqual(live);
  });

  it('throttles saves: nothing is written before the throttle time', async () => {
    const client = new QueryClient();
    const stop = await persistQueries(client, { layer, buster: 'v', throttleMs: 1000 });
    client.setQueryData(['me'], me);
    await vi.advanceTimersByTimeAsync(999);
    expect(await layer.read('queries', 'queryClient', z.unknown(), 'persisted queries')).toBe(
      undefined,
    );
    await vi.advanceTimersByTimeAsync(1);
    stop();
    expect(await restoreSession('v')).toEqual(me);
  });
});

describe('a refetch that fails (offline) keeps the last good data in the persisted cache', () => {
  it('the signed-in user survives a failed /api/me refetch and restores as a success', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const stop = await persistQueries(client, { layer, buster: 'v', throttleMs: 10 });
    client.setQueryData(['me'], me);
    await vi.advanceTimersByTimeAsync(10);
    // Offline: the refetch fails; the page keeps showing the user from memory.
    await client
      .fetchQuery({
        queryKey: ['me'],
        queryFn: () => Promise.reject(new TypeError('Failed to fetch')),
        staleTime: 0,
      })
      .catch(() => {});
    expect(client.getQueryState(['me'])?.status).toBe('error');
    expect(client.getQueryData(['me'])).toEqual(me);
    await vi.advanceTimersByTimeAsync(10);
    stop();

    const restored = new QueryClient();
    const stopRestored = await persistQueries(restored, { layer, buster: 'v', throttleMs: 10 });
    stopRestored();
    expect(restored.getQueryData(['me'])).toEqual(me);
    expect(restored.getQueryState(['me'])).toMatchObject({ status: 'success', error: null });
  });

  it('a query that never had data is not saved', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const stop = await persistQueries(client, { layer, buster: 'v', throttleMs: 10 });
    await client
      .fetchQuery({ queryKey: ['agents'], queryFn: () => Promise.reject(new Error('offline')) })
      .catch(() => {});
    client.setQueryData(['me'], me);
    await vi.advanceTimersByTimeAsync(10);
    stop();
    const saved = await layer.read(
      'queries',
      'queryClient',
      z.object({
        clientState: z.object({ queries: z.array(z.object({ queryKey: z.unknown() })) }),
      }),
      'persisted queries',
    );
    expect(saved?.clientState.queries.map((query) => query.queryKey)).toEqual([['me']]);
  });

  it('a query with meta.persist false is not saved (the wallet panel keeps its data in the cache layer)', async () => {
    const client = new QueryClient();
    const stop = await persistQueries(client, { layer, buster: 'v', throttleMs: 10 });
    client.setQueryData(['me'], me);
    client
      .getQueryCache()
      .build(client, {
        queryKey: ['walletSnapshot', 'fresh', 1, '0xabc'],
        meta: { persist: false },
      })
      .setData({ nativeBalance: { valueMinor: 5n, decimals: 18, symbol: 'ETH' } });
    await vi.advanceTimersByTimeAsync(10);
    stop();

    const restored = new QueryClient();
    const stopRestored = await persistQueries(restored, { layer, buster: 'v', throttleMs: 10 });
    stopRestored();
    expect(restored.getQueryData(['me'])).toEqual(me);
    expect(restored.getQueryData(['walletSnapshot', 'fresh', 1, '0xabc'])).toBeUndefined();
  });
});

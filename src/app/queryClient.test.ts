import 'fake-indexeddb/auto';
import type { QueryClient } from '@tanstack/react-query';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type CacheLayer, openCacheLayer } from '#src/cache/cacheLayer.ts';
import { persistQueries } from '#src/cache/persistQueries.ts';
import {
  createAppQueryClient,
  QUERY_GC_TIME_MS,
  queryClient,
  retryDelayMs,
} from './queryClient.ts';

describe('queryClient defaults', () => {
  it('retries 3 times and keeps unused data 5 minutes', () => {
    const defaults = queryClient.getDefaultOptions().queries;
    expect(defaults?.retry).toBe(3);
    expect(defaults?.gcTime).toBe(5 * 60 * 1000);
    expect(QUERY_GC_TIME_MS).toBe(300_000);
  });

  it('doubles the retry wait from 1 s and caps it at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(retryDelayMs)).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000,
    ]);
  });
});

describe('offline queries outlive the 5-minute collection, unobserved', () => {
  const SAVE_THROTTLE_MS = 10;
  const matches = [{ id: 'm1', status: 'live' }];
  const ledger = [{ id: 'l1' }];
  let layer: CacheLayer;

  beforeEach(async () => {
    // fake-indexeddb schedules with setImmediate, which must stay real.
    vi.useFakeTimers({ now: Date.now(), toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    layer = await openCacheLayer({ indexedDB: new IDBFactory(), log: () => {} });
  });
  afterEach(() => vi.useRealTimers());

  const persist = (client: QueryClient) =>
    persistQueries(client, { layer, buster: 'v', throttleMs: SAVE_THROTTLE_MS });

  /** Lets 5 minutes and a second pass with nothing observing, then lets the save run. */
  async function idlePastCollection(client: QueryClient) {
    await vi.advanceTimersByTimeAsync(QUERY_GC_TIME_MS + 1000);
    // A change anywhere triggers a save of the whole cache, as any refetch would.
    client.setQueryData(['tick'], 1);
    await vi.advanceTimersByTimeAsync(SAVE_THROTTLE_MS);
  }

  async function restoredClient() {
    const client = createAppQueryClient();
    const stop = await persist(client);
    return { client, stop };
  }

  it('a match list nobody looks at survives 5 minutes and a save+restore; an unlisted query does not', async () => {
    const client = createAppQueryClient();
    const stop = await persist(client);
    client.setQueryData(['matches', 'live', 20], matches);
    client.setQueryData(['admin', 'ledger'], ledger);
    await idlePastCollection(client);
    expect(client.getQueryData(['matches', 'live', 20])).toEqual(matches);
    expect(client.getQueryData(['admin', 'ledger'])).toBeUndefined();
    stop();

    const restored = await restoredClient();
    restored.stop();
    expect(restored.client.getQueryData(['matches', 'live', 20])).toEqual(matches);
    expect(restored.client.getQueryData(['admin', 'ledger'])).toBeUndefined();
  });

  it('a query restored on a cold start and not shown is still saved after 5 minutes', async () => {
    const first = createAppQueryClient();
    const stopFirst = await persist(first);
    first.setQueryData(['agents'], [{ id: 'a1' }]);
    await vi.advanceTimersByTimeAsync(SAVE_THROTTLE_MS);
    stopFirst();

    // The hydrated query gets the prefix's lifetime too (query defaults apply on restore).
    const second = await restoredClient();
    expect(second.client.getQueryCache().find({ queryKey: ['agents'] })?.gcTime).toBe(
      24 * 60 * 60 * 1000,
    );
    await idlePastCollection(second.client);
    second.stop();

    const third = await restoredClient();
    third.stop();
    expect(third.client.getQueryData(['agents'])).toEqual([{ id: 'a1' }]);
  });
});

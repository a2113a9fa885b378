import type { PersistedClient, Persister } from '@tanstack/query-persist-client-core';
// zod/mini: the cache restore runs on every page load, where the first load stays small.
import * as z from 'zod/mini';
import type { CacheLayer } from './cacheLayer.ts';

const PERSISTED_CLIENT_KEY = 'queryClient';

// Only the envelope is checked: query data is each feature's own shape and is re-validated by
// its query function on the next fetch.
const persistedClientSchema = z.object({
  timestamp: z.number(),
  buster: z.string(),
  clientState: z.object({ queries: z.array(z.unknown()), mutations: z.array(z.unknown()) }),
});

/**
 * A TanStack Query persister that keeps the dehydrated client in the cache layer's 'queries'
 * store by structured clone, not JSON, so bigint values (exact balances) survive. Saves are
 * throttled: the query cache changes many times a second while a match is live.
 */
export function createIndexedDbPersister(
  layer: CacheLayer,
  options: { throttleMs?: number } = {},
): Persister & { flush(): Promise<void> } {
  const throttleMs = options.throttleMs ?? 1000;
  let pending: PersistedClient | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const flush = async () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    const client = pending;
    pending = undefined;
    if (client) await layer.write('queries', PERSISTED_CLIENT_KEY, client, 'persisted queries');
  };

  return {
    persistClient(client) {
      pending = client;
      timer ??= setTimeout(() => void flush(), throttleMs);
    },
    async restoreClient() {
      const stored = await layer.read(
        'queries',
        PERSISTED_CLIENT_KEY,
        persistedClientSchema,
        'persisted queries',
      );
      return stored as PersistedClient | undefined;
    },
    async removeClient() {
      pending = undefined;
      await layer.remove('queries', PERSISTED_CLIENT_KEY, 'persisted queries');
    },
    flush,
  };
}

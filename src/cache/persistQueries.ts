import {
  persistQueryClientRestore,
  persistQueryClientSubscribe,
} from '@tanstack/query-persist-client-core';
import type { QueryClient } from '@tanstack/react-query';

type PersistClientOptions = Parameters<typeof persistQueryClientSubscribe>[0];

import type { CacheLayer } from './cacheLayer.ts';
import { createIndexedDbPersister } from './queryPersister.ts';

/** Persisted queries older than a day are dropped on restore. */
export const PERSISTED_QUERIES_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/**
 * Restores the last saved queries into `queryClient`, then saves every change. Resolves once the
 * restore is done (or has failed: a cold start must never wait on a broken cache), with a function
 * that stops saving. `buster` is the app version: data saved by another build is discarded.
 */
export async function persistQueries(
  queryClient: QueryClient,
  options: { layer: CacheLayer; buster: string; throttleMs?: number },
): Promise<() => void> {
  const persister = createIndexedDbPersister(
    options.layer,
    options.throttleMs === undefined ? {} : { throttleMs: options.throttleMs },
  );
  // The persister package pins an older query-core than react-query's; the two QueryClient types
  // differ only in private fields, and hydrate/dehydrate use the public API alone.
  const client = queryClient as unknown as PersistClientOptions['queryClient'];
  const common = { queryClient: client, persister, buster: options.buster };
  try {
    await persistQueryClientRestore({ ...common, maxAge: PERSISTED_QUERIES_MAX_AGE_MS });
  } catch (error) {
    console.info('Unable to restore persisted queries', error);
  }
  const unsubscribe = persistQueryClientSubscribe(common);
  const saveBeforeLeaving = () => void persister.flush();
  // A page hidden on a phone may be killed without another event: save what is pending now.
  const page = typeof window === 'undefined' ? undefined : window;
  page?.addEventListener('pagehide', saveBeforeLeaving);
  return () => {
    unsubscribe();
    page?.removeEventListener('pagehide', saveBeforeLeaving);
  };
}

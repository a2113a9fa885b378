import {
  type PersistedClient,
  persistQueryClientRestore,
  persistQueryClientSave,
  persistQueryClientSubscribe,
} from '@tanstack/query-persist-client-core';
import type { QueryClient } from '@tanstack/react-query';

import type { CacheLayer } from './cacheLayer.ts';
import { PERSISTED_QUERIES_MAX_AGE_MS } from './lifetimes.ts';
import { createIndexedDbPersister } from './queryPersister.ts';

type PersistClientOptions = Parameters<typeof persistQueryClientSubscribe>[0];
type DehydratedQuery = PersistedClient['clientState']['queries'][number];
type PersistableQuery = Parameters<
  NonNullable<NonNullable<PersistClientOptions['dehydrateOptions']>['shouldDehydrateQuery']>
>[0];

/**
 * Saved: every query that holds data, unless its `meta.persist` is false. TanStack's default saves
 * only queries whose last fetch succeeded; a failed refetch (offline, every refetch fails once its
 * retries run out) would drop the last known user, matches and agents from the saved cache while
 * the page still shows them, and the next offline start would show a visitor. The opt-out is for
 * data with its own store and lifetimes (the wallet panel's, in the cache layer): a saved copy
 * would outlive them.
 */
function shouldPersist(query: PersistableQuery): boolean {
  return query.state.data !== undefined && query.meta?.persist !== false;
}

/**
 * A query saved with the data of its last success, as a success: restored, it shows that data
 * (and refetches, being stale) instead of a failure from another session.
 */
function asLastSuccess(query: DehydratedQuery): DehydratedQuery {
  if (query.state.status !== 'error') return query;
  return {
    ...query,
    state: {
      ...query.state,
      status: 'success',
      error: null,
      fetchFailureCount: 0,
      fetchFailureReason: null,
    },
  };
}

/**
 * Restores the last saved queries into `queryClient`, then saves every change. Resolves once the
 * restore is done (or has failed: a cold start must never wait on a broken cache), with a function
 * that stops saving. `buster` is the app version: data saved by another build is discarded.
 */
export async function persistQueries(
  queryClient: QueryClient,
  options: { layer: CacheLayer; buster: string; throttleMs?: number },
): Promise<() => void> {
  const indexedDbPersister = createIndexedDbPersister(
    options.layer,
    options.throttleMs === undefined ? {} : { throttleMs: options.throttleMs },
  );
  const persister: typeof indexedDbPersister = {
    ...indexedDbPersister,
    persistClient: (persisted) =>
      indexedDbPersister.persistClient({
        ...persisted,
        clientState: {
          ...persisted.clientState,
          queries: persisted.clientState.queries.map(asLastSuccess),
        },
      }),
  };
  // The persister package pins an older query-core than react-query's; the two QueryClient types
  // differ only in private fields, and hydrate/dehydrate use the public API alone.
  const client = queryClient as unknown as PersistClientOptions['queryClient'];
  const common = {
    queryClient: client,
    persister,
    buster: options.buster,
    dehydrateOptions: { shouldDehydrateQuery: shouldPersist },
  };
  try {
    await persistQueryClientRestore({ ...common, maxAge: PERSISTED_QUERIES_MAX_AGE_MS });
  } catch (error) {
    console.info('Unable to restore persisted queries', error);
  }
  const unsubscribe = persistQueryClientSubscribe(common);
  // The app starts without waiting long for a slow restore (startQueryPersistence): what its
  // queries fetched meanwhile raised no cache event since the subscription began, and would wait
  // for an unrelated change to be saved. Save the state as it is now (throttled like any save).
  void persistQueryClientSave(common);
  const saveBeforeLeaving = () => void persister.flush();
  // A page hidden on a phone may be killed without another event: save what is pending now.
  const page = typeof window === 'undefined' ? undefined : window;
  page?.addEventListener('pagehide', saveBeforeLeaving);
  return () => {
    unsubscribe();
    page?.removeEventListener('pagehide', saveBeforeLeaving);
  };
}

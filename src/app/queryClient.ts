import { QueryClient } from '@tanstack/react-query';

import { PERSISTED_QUERIES_MAX_AGE_MS } from '#src/cache/lifetimes.ts';

/** First retry waits 1 s, each next one twice as long, never more than 30 s (SPEC section 9). */
export function retryDelayMs(attemptIndex: number): number {
  return Math.min(1000 * 2 ** attemptIndex, 30_000);
}

/** Unused query data is dropped after 5 minutes (SPEC section 9). */
export const QUERY_GC_TIME_MS = 5 * 60 * 1000;

/**
 * The queries the offline pages read: the user, their profile, games, match lists and matches,
 * agents (lists and one agent). Prefixes: ['matches'] covers ['matches', status, limit].
 */
const OFFLINE_QUERY_KEY_PREFIXES = [
  ['me'],
  ['profile'],
  ['games'],
  ['matches'],
  ['match'],
  ['agents'],
  ['agent'],
] as const;

/** Builds a query client with the spec's defaults and the offline queries' longer lifetime. */
export function createAppQueryClient(): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: { retry: 3, retryDelay: retryDelayMs, gcTime: QUERY_GC_TIME_MS },
    },
  });
  // The saved cache only holds what is in memory: with the 5-minute default, a match list nobody
  // looked at for 5 minutes (or one restored on a cold start and not shown) would be collected
  // and dropped by the next save, and the offline page would be empty long before the saved
  // cache's 24 h. Query defaults also apply to queries built by hydrate (the restore).
  for (const queryKey of OFFLINE_QUERY_KEY_PREFIXES) {
    client.setQueryDefaults(queryKey, { gcTime: PERSISTED_QUERIES_MAX_AGE_MS });
  }
  return client;
}

/** The app's one TanStack query client (the PWA layer persists it). */
export const queryClient = createAppQueryClient();

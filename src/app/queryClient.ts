import { QueryClient } from '@tanstack/react-query';

/** First retry waits 1 s, each next one twice as long, never more than 30 s (SPEC section 9). */
export function retryDelayMs(attemptIndex: number): number {
  return Math.min(1000 * 2 ** attemptIndex, 30_000);
}

/** Unused query data is dropped after 5 minutes (SPEC section 9). */
export const QUERY_GC_TIME_MS = 5 * 60 * 1000;

/** The app's one TanStack query client (the PWA layer persists it). */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: 3, retryDelay: retryDelayMs, gcTime: QUERY_GC_TIME_MS },
  },
});

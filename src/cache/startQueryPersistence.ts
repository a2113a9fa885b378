import type { QueryClient } from '@tanstack/react-query';
import { getAppCacheLayer } from './appCache.ts';
import { persistQueries } from './persistQueries.ts';

/** The app version from package.json, defined by the Vite build (scripts/vitePwa.ts). */
declare const __APP_VERSION__: string;

/** Longest a cold start waits for saved queries before rendering without them. */
const RESTORE_WAIT_MS = 1500;

/**
 * Restores the app's saved queries (so the first paint shows the last known matches, agents and
 * user) and keeps saving them. Resolves after the restore, or after {@link RESTORE_WAIT_MS} if the
 * database is slow: a broken cache must never keep the app from starting.
 */
export function startQueryPersistence(queryClient: QueryClient): Promise<void> {
  const restored = getAppCacheLayer()
    .then((layer) => persistQueries(queryClient, { layer, buster: __APP_VERSION__ }))
    .then(
      () => {},
      (error: unknown) => console.info('Unable to restore persisted queries', error),
    );
  const cap = new Promise<void>((resolve) => setTimeout(resolve, RESTORE_WAIT_MS));
  return Promise.race([restored, cap]);
}

import type { Page } from 'playwright-core';

/** A query the page saved to IndexedDB with the query cache: its key and data. */
export interface SavedQuery {
  queryKey: unknown[];
  data: unknown;
}

/** The queries the page saved to IndexedDB (none before the first save). */
export function readSavedQueries(page: Page): Promise<SavedQuery[]> {
  return page.evaluate(
    () =>
      new Promise<SavedQuery[]>((resolve) => {
        const open = indexedDB.open('gridmind');
        // Never create the database here: the app's upgrade would then not run (see support/pwa).
        open.onupgradeneeded = () => open.transaction?.abort();
        open.onerror = () => resolve([]);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('queries')) {
            db.close();
            resolve([]);
            return;
          }
          const read = db.transaction('queries').objectStore('queries').get('queryClient');
          read.onerror = () => resolve([]);
          read.onsuccess = () => {
            db.close();
            const queries = (read.result?.clientState?.queries ?? []) as {
              queryKey: unknown[];
              state: { data: unknown };
            }[];
            resolve(queries.map((query) => ({ queryKey: query.queryKey, data: query.state.data })));
          };
        };
      }),
  );
}

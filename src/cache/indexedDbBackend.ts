import { type IDBPDatabase, wrap } from 'idb';
import { CACHE_STORES, type CacheBackend } from './backend.ts';

/** The database name; one per origin. */
export const CACHE_DATABASE_NAME = 'gridmind';
/** Bump with every store change; older tabs then close their connection (see `onVersionChange`). */
export const CACHE_DATABASE_VERSION = 1;

/** How to open the database and what to do when it goes away under us. */
export interface IndexedDbBackendOptions {
  readonly indexedDB: IDBFactory;
  readonly name?: string;
  readonly version?: number;
  /** A newer tab wants to upgrade (we have already closed), or the browser closed the database. */
  readonly onLost: (reason: 'versionchange' | 'closed') => void;
}

/**
 * Opens the IndexedDB backend. Rejects when the database cannot be opened, including when an
 * upgrade is blocked by an older tab that keeps its connection open: waiting for it would freeze
 * the app, so the caller falls back to memory and the late connection is closed when it arrives.
 */
export function openIndexedDbBackend(options: IndexedDbBackendOptions): Promise<CacheBackend> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const request = options.indexedDB.open(
      options.name ?? CACHE_DATABASE_NAME,
      options.version ?? CACHE_DATABASE_VERSION,
    );
    request.onupgradeneeded = () => {
      const db = request.result;
      for (const store of CACHE_STORES) {
        if (!db.objectStoreNames.contains(store)) db.createObjectStore(store);
      }
    };
    request.onblocked = () => {
      settled = true;
      reject(
        new DOMException('The cache database upgrade is blocked by another tab', 'BlockedError'),
      );
    };
    // idb types an open request's result as possibly undefined; success always carries the database.
    (wrap(request) as Promise<IDBPDatabase>).then(
      (db) => {
        if (settled) {
          db.close();
          return;
        }
        settled = true;
        resolve(backendFor(db, options.onLost));
      },
      (error: unknown) => {
        if (!settled) reject(error);
        settled = true;
      },
    );
  });
}

function backendFor(db: IDBPDatabase, onLost: IndexedDbBackendOptions['onLost']): CacheBackend {
  // A newer version of the app opened in another tab: let its upgrade proceed instead of blocking it.
  db.addEventListener('versionchange', () => {
    db.close();
    onLost('versionchange');
  });
  db.addEventListener('close', () => onLost('closed'));
  return {
    kind: 'indexeddb',
    get: (store, key) => db.get(store, key),
    put: async (store, key, value) => {
      const transaction = db.transaction(store, 'readwrite');
      const written = transaction.store.put(value, key);
      // Commit now rather than when the task ends: a save made while the page is leaving
      // (pagehide) is otherwise aborted with the page before its transaction auto-commits, and
      // the last second of changes is lost (the offline e2e restored a pre-sign-in visitor).
      transaction.commit?.();
      await Promise.all([written, transaction.done]);
    },
    delete: (store, key) => db.delete(store, key),
    close: () => db.close(),
  };
}

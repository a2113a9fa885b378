import type { ZodMiniType } from 'zod/mini';
import { type CacheBackend, type CacheStoreName, createMemoryBackend } from './backend.ts';
import { openIndexedDbBackend } from './indexedDbBackend.ts';

/** Milliseconds since the epoch; injected so lifetimes are tested without waiting. */
type Clock = () => number;
/** Where storage failures are reported (SPEC section 8: an info message, then carry on). */
type CacheLog = (message: string, cause?: unknown) => void;

/** What {@link openCacheLayer} needs; everything has a browser default. */
export interface CacheLayerOptions {
  /** The IndexedDB factory; `undefined` (no IndexedDB at all) means memory from the start. */
  readonly indexedDB?: IDBFactory | undefined;
  readonly now?: Clock;
  readonly log?: CacheLog;
  readonly databaseName?: string;
  readonly databaseVersion?: number;
}

/**
 * The failure-tolerant storage every cache store goes through. Reads that fail, or whose record
 * does not match its schema, return undefined; writes that fail are logged and dropped. When
 * IndexedDB cannot be opened, runs out of quota or is taken away by a newer tab, the layer
 * switches to memory for the rest of the session.
 */
export interface CacheLayer {
  readonly now: Clock;
  /** Which backend currently answers. */
  backendKind(): CacheBackend['kind'];
  /** Reads and validates one record; `what` names it in the log ('active namespace'). */
  read<T>(
    store: CacheStoreName,
    key: string,
    schema: ZodMiniType<T>,
    what: string,
  ): Promise<T | undefined>;
  /** Writes one record, stored by structured clone. */
  write(store: CacheStoreName, key: string, value: unknown, what: string): Promise<void>;
  /** Deletes one record. */
  remove(store: CacheStoreName, key: string, what: string): Promise<void>;
  close(): void;
}

const defaultLog: CacheLog = (message, cause) => console.info(message, cause ?? '');

/** Opens the cache layer: IndexedDB when it opens, memory otherwise. Never rejects. */
export async function openCacheLayer(options: CacheLayerOptions = {}): Promise<CacheLayer> {
  const log = options.log ?? defaultLog;
  const now = options.now ?? Date.now;
  let backend: CacheBackend = createMemoryBackend();
  const fallBackToMemory = (reason: string, cause?: unknown) => {
    if (backend.kind === 'memory') return;
    log(`Cache storage unavailable (${reason}); using memory for this session`, cause);
    backend = createMemoryBackend();
  };

  if (options.indexedDB === undefined) {
    log('IndexedDB is not available; using memory for this session');
  } else {
    try {
      backend = await openIndexedDbBackend({
        indexedDB: options.indexedDB,
        ...(options.databaseName === undefined ? {} : { name: options.databaseName }),
        ...(options.databaseVersion === undefined ? {} : { version: options.databaseVersion }),
        onLost: (reason) => fallBackToMemory(reason),
      });
    } catch (error) {
      log('Unable to open the cache database; using memory for this session', error);
    }
  }

  return {
    now,
    backendKind: () => backend.kind,
    async read(store, key, schema, what) {
      let raw: unknown;
      try {
        raw = await backend.get(store, key);
      } catch (error) {
        log(`Unable to get ${what}`, error);
        return undefined;
      }
      if (raw === undefined) return undefined;
      const parsed = schema.safeParse(raw);
      if (!parsed.success) {
        log(`Unable to get ${what}`, parsed.error.issues[0]?.message ?? 'Unknown error');
        return undefined;
      }
      return parsed.data;
    },
    async write(store, key, value, what) {
      try {
        await backend.put(store, key, value);
      } catch (error) {
        log(`Unable to set ${what}`, error);
        if (isQuotaError(error)) {
          fallBackToMemory('quota exceeded', error);
          await backend.put(store, key, value).catch(() => {});
        }
      }
    },
    async remove(store, key, what) {
      try {
        await backend.delete(store, key);
      } catch (error) {
        log(`Unable to delete ${what}`, error);
      }
    },
    close: () => backend.close(),
  };
}

function isQuotaError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'QuotaExceededError';
}

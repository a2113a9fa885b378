/** The object stores of Gridmind's IndexedDB database, one per kind of record. */
export const CACHE_STORES = [
  // Token balances: the wallet panel's ERC-20 list per chain and address.
  'balances',
  'nativeBalances',
  'ens',
  'identities',
  'settings',
  'queries',
] as const;
export type CacheStoreName = (typeof CACHE_STORES)[number];

/**
 * Where records live: IndexedDB or, when that cannot be used, memory for the session. Values are
 * stored by structured clone, so bigint and Date survive; callers validate what they read back.
 */
export interface CacheBackend {
  /** 'indexeddb' or 'memory', for logs, tests and the benchmark. */
  readonly kind: 'indexeddb' | 'memory';
  get(store: CacheStoreName, key: string): Promise<unknown>;
  put(store: CacheStoreName, key: string, value: unknown): Promise<void>;
  delete(store: CacheStoreName, key: string): Promise<void>;
  close(): void;
}

/** A session-only backend: what private modes and blocked databases fall back to. */
export function createMemoryBackend(): CacheBackend {
  const stores = new Map<CacheStoreName, Map<string, unknown>>(
    CACHE_STORES.map((name) => [name, new Map()]),
  );
  const storeOf = (name: CacheStoreName) => stores.get(name) ?? new Map<string, unknown>();
  return {
    kind: 'memory',
    get: async (store, key) => structuredClone(storeOf(store).get(key)),
    put: async (store, key, value) => {
      storeOf(store).set(key, structuredClone(value));
    },
    delete: async (store, key) => {
      storeOf(store).delete(key);
    },
    close: () => {},
  };
}

import { type CacheLayer, openCacheLayer } from './cacheLayer.ts';

let opening: Promise<CacheLayer> | undefined;

/**
 * The app's one cache layer, opened on first use with the browser's IndexedDB (memory where there
 * is none) and the real clock. Every caller shares the same connection.
 */
export function getAppCacheLayer(): Promise<CacheLayer> {
  opening ??= openCacheLayer({
    indexedDB: typeof indexedDB === 'undefined' ? undefined : indexedDB,
  });
  return opening;
}

import * as z from 'zod/mini';
import type { CacheStoreName } from './backend.ts';
import type { CacheLayer } from './cacheLayer.ts';

/** A cached value stamped with the time it was written (epoch ms). */
function timedRecordSchema<T>(value: z.ZodMiniType<T>) {
  return z.object({ value, writtenAt: z.int().check(z.nonnegative()) });
}

/** A store of values that live `ttlMs` after they were written. */
export interface TimedStore<T> {
  /** The value written under `key` less than `ttlMs` ago, else undefined. */
  get(key: string): Promise<T | undefined>;
  /** Writes `value` stamped with the layer's clock. */
  set(key: string, value: T): Promise<void>;
}

/** A {@link TimedStore} over one object store of the layer. `what` names it in logs. */
export function createTimedStore<T>(
  layer: CacheLayer,
  store: CacheStoreName,
  options: { ttlMs: number; schema: z.ZodMiniType<T>; what: string },
): TimedStore<T> {
  const recordSchema = timedRecordSchema(options.schema);
  return {
    async get(key) {
      const record = await layer.read(store, key, recordSchema, options.what);
      if (record === undefined) return undefined;
      const age = layer.now() - record.writtenAt;
      return age >= 0 && age < options.ttlMs ? record.value : undefined;
    },
    set: (key, value) => layer.write(store, key, { value, writtenAt: layer.now() }, options.what),
  };
}

import type { Queryable } from '#server/db/database.ts';
import { listSubscriptionsOf, type StoredPushSubscription } from './subscriptionStore.ts';

interface Ask {
  resolve(devices: StoredPushSubscription[]): void;
  reject(error: unknown): void;
}

/**
 * Reads a user's devices for the push channel, the asks of one turn of the event loop in one
 * query: a batch of deliveries starts hundreds of sends at once, and a read each was a round
 * trip each.
 */
export function batchedDeviceReader(
  db: Queryable,
): (userId: string) => Promise<StoredPushSubscription[]> {
  let waiting: Map<string, Ask[]> | null = null;
  const readBatch = (batch: Map<string, Ask[]>) => {
    listSubscriptionsOf(db, [...batch.keys()]).then(
      (devices) => {
        for (const [userId, asks] of batch) {
          for (const ask of asks) ask.resolve(devices.get(userId) ?? []);
        }
      },
      (error: unknown) => {
        for (const asks of batch.values()) for (const ask of asks) ask.reject(error);
      },
    );
  };
  return (userId) =>
    new Promise((resolve, reject) => {
      if (!waiting) {
        const batch = new Map<string, Ask[]>();
        waiting = batch;
        setImmediate(() => {
          waiting = null;
          readBatch(batch);
        });
      }
      const asks = waiting.get(userId);
      if (asks) asks.push({ resolve, reject });
      else waiting.set(userId, [{ resolve, reject }]);
    });
}

import { z } from 'zod';
import type { PushSubscriptionBody } from '#core/protocol/push.ts';
import type { Queryable } from '#server/db/database.ts';

/** Most devices a user is told on; subscribing one more drops the oldest. */
export const PUSH_DEVICES_PER_USER = 10;

/** A device's subscription as the push channel sends to it. */
export interface StoredPushSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

const subscriptionRowSchema = z.object({
  endpoint: z.string(),
  p256dh: z.string(),
  auth: z.string(),
});

/**
 * Keeps a browser's subscription for `userId`. The same endpoint subscribing again (new keys, or
 * another user signed in on that browser) replaces its row; past the cap the oldest devices go.
 */
export async function saveSubscription(
  db: Queryable,
  userId: string,
  subscription: PushSubscriptionBody,
  now: Date,
): Promise<void> {
  await db.query(
    `insert into push_subscriptions (endpoint, user_id, p256dh, auth, created_at)
     values ($1, $2, $3, $4, $5)
     on conflict (endpoint) do update set user_id = excluded.user_id, p256dh = excluded.p256dh,
       auth = excluded.auth, created_at = excluded.created_at`,
    [subscription.endpoint, userId, subscription.keys.p256dh, subscription.keys.auth, now],
  );
  await db.query(
    `delete from push_subscriptions where endpoint in (
       select endpoint from push_subscriptions where user_id = $1
       order by created_at desc, endpoint offset $2)`,
    [userId, PUSH_DEVICES_PER_USER],
  );
}

/** Forgets one of the user's devices; another user's endpoint is left alone. */
export async function removeSubscription(
  db: Queryable,
  userId: string,
  endpoint: string,
): Promise<void> {
  await db.query('delete from push_subscriptions where endpoint = $1 and user_id = $2', [
    endpoint,
    userId,
  ]);
}

/** The user's devices, newest first (at most the cap). */
export async function listSubscriptions(
  db: Queryable,
  userId: string,
): Promise<StoredPushSubscription[]> {
  const { rows } = await db.query(
    `select endpoint, p256dh, auth from push_subscriptions where user_id = $1
     order by created_at desc limit $2`,
    [userId, PUSH_DEVICES_PER_USER],
  );
  return rows.map((row) => {
    const { endpoint, p256dh, auth } = subscriptionRowSchema.parse(row);
    return { endpoint, keys: { p256dh, auth } };
  });
}

/** Drops a subscription its push service called gone (404 or 410). */
export async function dropSubscription(db: Queryable, endpoint: string): Promise<void> {
  await db.query('delete from push_subscriptions where endpoint = $1', [endpoint]);
}

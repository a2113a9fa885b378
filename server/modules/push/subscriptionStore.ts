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

const deviceRowSchema = z.object({
  user_id: z.string(),
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

/**
 * The devices of each of `userIds` (each user's newest first, at most the cap), in one read: a
 * batch of deliveries asks for thousands of users' devices at once.
 */
export async function listSubscriptionsOf(
  db: Queryable,
  userIds: readonly string[],
): Promise<Map<string, StoredPushSubscription[]>> {
  const { rows } = await db.query(
    `select user_id::text, endpoint, p256dh, auth from (
       select user_id, endpoint, p256dh, auth,
         row_number() over (partition by user_id order by created_at desc) as newest
       from push_subscriptions where user_id = any($1::uuid[])) s
     where newest <= $2
     order by user_id, newest`,
    [userIds, PUSH_DEVICES_PER_USER],
  );
  const devices = new Map<string, StoredPushSubscription[]>();
  for (const row of rows) {
    const { user_id: userId, endpoint, p256dh, auth } = deviceRowSchema.parse(row);
    const device = { endpoint, keys: { p256dh, auth } };
    const list = devices.get(userId);
    if (list) list.push(device);
    else devices.set(userId, [device]);
  }
  return devices;
}

/** Drops a subscription its push service called gone (404 or 410). */
export async function dropSubscription(db: Queryable, endpoint: string): Promise<void> {
  await db.query('delete from push_subscriptions where endpoint = $1', [endpoint]);
}

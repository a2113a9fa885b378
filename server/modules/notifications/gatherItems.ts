import type { NotificationKind } from '#core/protocol/notifications.ts';
import type { Database } from '#server/db/database.ts';
import { gatheredNotice } from './noticeText.ts';

/** How a user's waiting items become messages. */
export interface GatherPolicy {
  /** An item waits this long for others of its burst before it is sent (the oldest decides). */
  gatherMs: number;
  /** At most this many notifications per user per minute; the rest wait and are gathered. */
  perMinute: number;
  /** The channels beyond the app each notification is delivered on. */
  channels: readonly string[];
}

const USERS_PER_PASS = 100;
const MINUTE_MS = 60_000;

/**
 * Gathers each user's waiting items into one notification once the oldest has waited
 * `gatherMs`, unless the user already had `perMinute` in the last minute (their items wait, and
 * are gathered when the minute frees). Writes the notification and one delivery per channel, in
 * the transaction that marks the items gathered. Returns how many notifications it wrote.
 */
export async function gatherWaitingItems(
  db: Database,
  policy: GatherPolicy,
  now: Date,
): Promise<number> {
  const ready = new Date(now.getTime() - policy.gatherMs);
  // Users at their cap are left out here, so they never crowd out the others of a pass.
  const { rows: users } = await db.query<{ user_id: string }>(
    `select i.user_id::text from notification_items i
     where i.notification_id is null and i.created_at <= $1
       and (select count(*) from notifications n
         where n.user_id = i.user_id and n.created_at > $2) < $3
     group by i.user_id limit ${USERS_PER_PASS}`,
    [ready, new Date(now.getTime() - MINUTE_MS), policy.perMinute],
  );
  let written = 0;
  for (const { user_id: userId } of users) {
    if (await gatherForUser(db, userId, policy, now)) written++;
  }
  return written;
}

async function gatherForUser(
  db: Database,
  userId: string,
  policy: GatherPolicy,
  now: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Locked, skipping what another process is gathering: one message per burst, and the cap
    // counted by one process at a time for this user.
    const { rows: items } = await tx.query<{
      event_id: string;
      kind: NotificationKind;
      title: string;
      body: string;
      path: string;
    }>(
      `select event_id::text, kind, title, body, path from notification_items
       where user_id = $1 and notification_id is null
       order by created_at, notification_items.event_id for update skip locked`,
      [userId],
    );
    if (items.length === 0) return false;
    const { rows: recent } = await tx.query<{ count: number }>(
      `select count(*)::int as count from notifications where user_id = $1 and created_at > $2`,
      [userId, new Date(now.getTime() - MINUTE_MS)],
    );
    if ((recent[0]?.count ?? 0) >= policy.perMinute) return false;
    const notice = gatheredNotice(items);
    const { rows: written } = await tx.query<{ id: string }>(
      `insert into notifications (user_id, kind, title, body, path, created_at)
       values ($1, $2, $3, $4, $5, $6) returning id::text`,
      [userId, notice.kind, notice.title, notice.body, notice.path, now],
    );
    const notificationId = written[0]?.id;
    if (!notificationId) throw new Error('The notification was not written.');
    await tx.query(
      `update notification_items set notification_id = $2
       where user_id = $1 and event_id = any($3::bigint[])`,
      [userId, notificationId, items.map((item) => item.event_id)],
    );
    if (policy.channels.length > 0) {
      // One delivery per recipient, channel and message: the key is the guard against twice.
      await tx.query(
        `insert into notification_deliveries (key, notification_id, user_id, channel, due_at)
         select $1 || ':' || channel, $1::bigint, $2, channel, $3 from unnest($4::text[]) as channel
         on conflict (key) do nothing`,
        [notificationId, userId, now, policy.channels],
      );
    }
    return true;
  });
}

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

/**
 * Users gathered per transaction: a burst to 10,000 followers is twenty statements' batches, not
 * 10,000 transactions (13.5 s of the delivery figure, `npm run bench -- notifyDelivery`).
 */
const USERS_PER_PASS = 500;
const MINUTE_MS = 60_000;

interface WaitingItem {
  user_id: string;
  event_id: string;
  kind: NotificationKind;
  title: string;
  body: string;
  path: string;
}

/**
 * Gathers each user's waiting items into one notification once the oldest has waited
 * `gatherMs`, unless the user already had `perMinute` in the last minute (their items wait, and
 * are gathered when the minute frees). Up to USERS_PER_PASS users at once: their items are locked
 * (skipping what another process is gathering: one message per burst), and their notifications,
 * the items' marks and one delivery per channel are written in that one transaction. Returns how
 * many notifications it wrote.
 */
export async function gatherWaitingItems(
  db: Database,
  policy: GatherPolicy,
  now: Date,
): Promise<number> {
  const ready = new Date(now.getTime() - policy.gatherMs);
  return db.transaction(async (tx) => {
    // Users at their cap are left out here, so they never crowd out the others of a pass.
    const { rows: items } = await tx.query<WaitingItem>(
      `with ready as (
         select i.user_id from notification_items i
         where i.notification_id is null and i.created_at <= $1
         group by i.user_id
         having (select count(*) from notifications n
           where n.user_id = i.user_id and n.created_at > $2) < $3
         limit ${USERS_PER_PASS})
       select i.user_id::text, i.event_id::text, i.kind, i.title, i.body, i.path
       from notification_items i join ready r on r.user_id = i.user_id
       where i.notification_id is null
       order by i.user_id, i.created_at, i.event_id
       for update of i skip locked`,
      [ready, new Date(now.getTime() - MINUTE_MS), policy.perMinute],
    );
    const byUser = new Map<string, WaitingItem[]>();
    for (const item of items) {
      const waiting = byUser.get(item.user_id);
      if (waiting) waiting.push(item);
      else byUser.set(item.user_id, [item]);
    }
    if (byUser.size === 0) return 0;
    const users = [...byUser.keys()];
    const notices = [...byUser.values()].map((waiting) => gatheredNotice(waiting));
    // Each user is written once here, so the notification returned for a user is the one its
    // items belong to.
    await tx.query(
      `with written as (
         insert into notifications (user_id, kind, title, body, path, created_at)
         select user_id, kind, title, body, path, $6
         from unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[])
           as n(user_id, kind, title, body, path)
         returning id, user_id),
       marked as (
         update notification_items i set notification_id = w.id
         from written w, unnest($7::uuid[], $8::bigint[]) as m(user_id, event_id)
         where w.user_id = m.user_id and i.user_id = m.user_id and i.event_id = m.event_id)
       insert into notification_deliveries (key, notification_id, user_id, channel, due_at)
       select w.id::text || ':' || c.channel, w.id, w.user_id, c.channel, $6
       from written w cross join unnest($9::text[]) as c(channel)
       on conflict (key) do nothing`,
      [
        users,
        notices.map((notice) => notice.kind),
        notices.map((notice) => notice.title),
        notices.map((notice) => notice.body),
        notices.map((notice) => notice.path),
        now,
        items.map((item) => item.user_id),
        items.map((item) => item.event_id),
        policy.channels,
      ],
    );
    return users.length;
  });
}

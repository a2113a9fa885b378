import type { Database } from '#server/db/database.ts';

/** What the outbox keeps, and how much a prune deletes at a time. */
export interface PrunePolicy {
  /** Fanned-out events (with their items) and finished deliveries older than this go. */
  keepMs: number;
  /** The newest this many notifications of each user stay; older ones go (their deliveries too). */
  keepPerUser: number;
  /** Rows one statement deletes at most: no delete holds locks or the WAL for long. */
  batch: number;
}

/** How far the per-user cap has looked: notifications up to this id have had their users pruned. */
export interface PruneCursor {
  notificationId: string;
}

/** What one prune deleted, by table. */
export interface Pruned {
  events: number;
  deliveries: number;
  notifications: number;
}

/**
 * One bounded round of pruning: at most `batch` rows of each kind, every statement walking an
 * index from its oldest end (so a table of millions costs a batch, not a scan). Run by the
 * worker every minute; a backlog shrinks a batch a round. Events go once fanned out and past
 * `keepMs` with none of their items still waiting, items with them (a cascade); finished
 * deliveries (sent, no recipient, given up) past `keepMs`; and each user's notifications beyond
 * their newest `keepPerUser`, oldest first, found from the users of the notifications after
 * `cursor` (new ones are the only way a user passes the cap), whose id the cursor then moves to.
 */
export async function pruneNotifications(
  db: Database,
  policy: PrunePolicy,
  cursor: PruneCursor,
  now: Date,
): Promise<Pruned> {
  const cutoff = new Date(now.getTime() - policy.keepMs);
  // Ids grow with time: the oldest `batch` events by id are the only candidates this round.
  const events = await db.query(
    `delete from notification_events where id in (
       select e.id from (select id, fanned_out_at from notification_events order by id limit $2) e
       where e.fanned_out_at < $1 and not exists (select 1 from notification_items i
         where i.event_id = e.id and i.notification_id is null))
     returning id`,
    [cutoff, policy.batch],
  );
  const deliveries = await db.query(
    `delete from notification_deliveries where key in (
       select key from notification_deliveries where status <> 'pending' and done_at < $1
       order by done_at limit $2)
     returning key`,
    [cutoff, policy.batch],
  );
  const { rows: recent } = await db.query<{ id: string; user_id: string }>(
    `select id::text, user_id::text from notifications where id > $1::bigint order by id limit $2`,
    [cursor.notificationId, policy.batch],
  );
  let notifications = 0;
  if (recent.length > 0) {
    const users = [...new Set(recent.map((row) => row.user_id))];
    const { rows } = await db.query(
      `delete from notifications where id in (
         select old.id from unnest($1::uuid[]) as u(user_id)
           cross join lateral (select id from notifications n where n.user_id = u.user_id
             and n.id <= (select id from notifications l where l.user_id = u.user_id
               order by l.id desc offset $2 limit 1)
             order by n.id limit $3) old
         limit $3)
       returning id`,
      [users, policy.keepPerUser, policy.batch],
    );
    notifications = rows.length;
    // Moved on only when every user's overflow fitted in the batch; else the same users next time.
    if (notifications < policy.batch) cursor.notificationId = recent.at(-1)?.id ?? '0';
  }
  return { events: events.rows.length, deliveries: deliveries.rows.length, notifications };
}

import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  NOTIFICATION_KINDS,
} from '#core/protocol/notifications.ts';
import type { Database } from '#server/db/database.ts';
import { type ClaimedEvent, type RecipientItem, recipientsOf } from './recipients.ts';

/** Events fanned out per transaction: a bounded claim, the rest wait for the next pass. */
const EVENTS_PER_PASS = 100;

/**
 * Claims the oldest pending outbox events (`for update skip locked`, so processes share them),
 * writes one item per recipient who wants that kind and is not the event's actor, and marks the
 * events fanned out, all in one transaction: each event is fanned out once, or not at all if the
 * process dies first. Returns how many events it took.
 */
export async function fanOutEvents(db: Database, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const { rows: events } = await tx.query<ClaimedEvent>(
      `select id::text, kind, subject_id, actor_id::text, payload, created_at
       from notification_events where fanned_out_at is null
       order by notification_events.id limit ${EVENTS_PER_PASS} for update skip locked`,
    );
    if (events.length === 0) return 0;
    const items: (RecipientItem & { eventId: string; createdAt: Date })[] = [];
    for (const event of events) {
      const payload = typeof event.payload === 'string' ? JSON.parse(event.payload) : event.payload;
      for (const item of await recipientsOf(tx, { ...event, payload })) {
        // Never tell a user of their own action.
        if (item.userId === event.actor_id) continue;
        items.push({ ...item, eventId: event.id, createdAt: new Date(event.created_at) });
      }
    }
    if (items.length > 0) {
      // Each user's choice, or the kind's default when they never chose.
      await tx.query(
        `insert into notification_items (user_id, event_id, kind, title, body, path, created_at)
         select i.user_id, i.event_id, i.kind, i.title, i.body, i.path, $8
         from unnest($1::uuid[], $2::bigint[], $3::text[], $4::text[], $5::text[], $6::text[])
           as i(user_id, event_id, kind, title, body, path)
           left join notification_preferences p on p.user_id = i.user_id and p.kind = i.kind
         where coalesce(p.enabled, i.kind = any($7::text[]))
           and exists (select 1 from users u where u.id = i.user_id)
         on conflict (user_id, event_id) do nothing`,
        [
          items.map((item) => item.userId),
          items.map((item) => item.eventId),
          items.map((item) => item.kind),
          items.map((item) => item.title),
          items.map((item) => item.body),
          items.map((item) => item.path),
          NOTIFICATION_KINDS.filter((kind) => DEFAULT_NOTIFICATION_PREFERENCES[kind]),
          now,
        ],
      );
    }
    await tx.query(
      'update notification_events set fanned_out_at = $2 where id = any($1::bigint[])',
      [events.map((event) => event.id), now],
    );
    return events.length;
  });
}

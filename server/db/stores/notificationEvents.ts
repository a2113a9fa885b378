import type { Queryable } from '#server/db/database.ts';

/**
 * The notifications outbox's writing end: modules record what is worth telling in the
 * transaction that makes it happen (a rolled-back event tells no one), and the notifications
 * worker (server/modules/notifications) fans it out. Shared here because modules never import
 * the notifications module.
 */

/** The NOTIFY channel that wakes the notifications worker; the payload is empty. */
export const NOTIFICATIONS_CHANNEL = 'gridmind_notifications';

/** One event to record: its kind, what it is about, who caused it, and what the message needs. */
export type NewNotificationEvent =
  /** A match of an agent someone follows was created (announced when `startsAt` is set). */
  | { kind: 'match-announced'; subjectId: string; actorId?: null }
  /** A tournament went live, or its final round was paired. */
  | { kind: 'tournament-started' | 'tournament-final'; subjectId: string; actorId?: null }
  /** A match's bets were settled: the worker reads each bettor's bet back. */
  | { kind: 'bet-settled'; subjectId: string; actorId?: null }
  /** An agent's owner earned a betting commission on match `matchId`. */
  | {
      kind: 'commission';
      subjectId: string;
      actorId?: null;
      payload: { ownerId: string; matchId: string; amount: string };
    }
  /** An agent was entered in a tournament by `actorId`. */
  | {
      kind: 'tournament-entry';
      subjectId: string;
      actorId: string | null;
      payload: { tournamentId: string };
    }
  /** An agent (a bot) lost match `matchId` on time. */
  | { kind: 'lost-on-time'; subjectId: string; actorId?: null; payload: { matchId: string } }
  /** A ledger check found the totals disagree; `actorId` is the admin who ran it. */
  | { kind: 'ledger-check'; subjectId: string; actorId: string | null; payload: object };

/**
 * Records events in the caller's transaction and wakes the worker when it commits, in one
 * statement; nothing at all when there are none.
 */
export async function recordNotificationEvents(
  tx: Queryable,
  events: readonly NewNotificationEvent[],
  now: Date,
): Promise<void> {
  if (events.length === 0) return;
  await tx.query(
    `with recorded as (
       insert into notification_events (kind, subject_id, actor_id, payload, created_at)
       select e.kind, e.subject_id, e.actor_id, e.payload::jsonb, $5
       from unnest($1::text[], $2::text[], $3::uuid[], $4::text[]) as e(kind, subject_id, actor_id,
         payload)
       returning id)
     select pg_notify($6, '') where exists (select 1 from recorded)`,
    [
      events.map((event) => event.kind),
      events.map((event) => event.subjectId),
      events.map((event) => event.actorId ?? null),
      events.map((event) => JSON.stringify('payload' in event ? event.payload : {})),
      now,
      NOTIFICATIONS_CHANNEL,
    ],
  );
}

/**
 * SQL for a data-modifying CTE that records `match-announced` for the rows of CTE `created`
 * (columns id, first_agent_id, second_agent_id) whose agents someone follows, at parameter
 * `nowParam`: the match's insert carries it, so a match nobody follows costs no statement more.
 * `actorParam` names who announced it by hand (an admin), who is then not told of it.
 * Select `announcedWakeSql(cte)` in the statement's answer to wake the worker on commit.
 */
export function announcedMatchEventsSql(
  created: string,
  nowParam: string,
  actorParam = 'null',
): string {
  return `insert into notification_events (kind, subject_id, actor_id, created_at)
     select 'match-announced', c.id, ${actorParam}::uuid, ${nowParam} from ${created} c
     where exists (select 1 from follows f where f.target_kind = 'agent'
       and f.target_id in (c.first_agent_id, c.second_agent_id))
     returning id`;
}

/** A scalar SQL expression that sends the worker's NOTIFY once per row of `announced`. */
export function announcedWakeSql(announced: string): string {
  return `(select count(pg_notify('${NOTIFICATIONS_CHANNEL}', '')) from ${announced})`;
}

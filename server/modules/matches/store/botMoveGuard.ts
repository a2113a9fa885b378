import type { Queryable } from '../../../db/database.ts';
import { BOT_EVENTS_CHANNEL } from '../../../events/botEvents.ts';
import type { LockedMatch } from './lockedMatch.ts';
import type { MovePlan, MoveToApply } from './matchWriter.ts';

/**
 * A bot's move checked against its match's remembered row (botTurnCache.ts), ready to write:
 * the write goes ahead only where the stored row is still `match`.
 */
export interface GuardedBotMove extends BatchMove {
  /** The hash of the token the move came with: it must still play when the row is locked. */
  tokenHash: string;
}

/**
 * The moves of a batch in one statement, committed on its own (no BEGIN, no COMMIT, no lock
 * statement before): each match row is locked, in id order, and a move is written, with its log
 * rows and notifications, only where the row still holds what the move was checked against
 * (the moves, the status, the turn's start, the owner) and the bot's token still plays, exactly
 * the checks `checkBotMove` made on the remembered row. Under READ COMMITTED a row another
 * transaction changed while this one waited for its lock is compared in its newest version, so a
 * stale memory leaves the move out, never writes it on a position it was not checked on.
 * Returns the ids of the matches whose move was written; the others' moves are checked again
 * under their lock (botMoveBatch.ts).
 */
const STORE_GUARDED_MOVES = `with moved as (
    select * from unnest($1::text[], $2::int[], $3::text[], $4::text[], $5::text[], $6::text[],
      $7::text[], $8::text[], $9::text[], $10::text[], $11::text[], $12::text[], $13::text[],
      $14::text[])
      as moved(match_id, ply, move, agent_id, trace, played_at, owner, moves, result, reason,
        moves_before, status_before, turn_before, token_hash)
  ), guard as materialized (
    select m.id from matches m join moved on moved.match_id = m.id
    where m.moves = moved.moves_before and m.status = moved.status_before
      and coalesce(m.turn_started_at, m.started_at) = moved.turn_before::timestamptz
      and m.owner is not distinct from moved.owner
      and exists (
        select 1 from bots b join agents a on a.id = b.agent_id
        where b.agent_id = moved.agent_id and b.token_hash = moved.token_hash
          and b.suspended_at is null and a.retired_at is null)
    order by m.id
    for update of m
  ), stored as (
    insert into match_moves (match_id, ply, move, agent_id, trace, played_at, owner)
    select match_id, ply, move, agent_id, trace::jsonb, played_at::timestamptz, owner
    from moved join guard on guard.id = moved.match_id
    returning match_id
  ), updated as (
    update matches m set moves = moved.moves, turn_started_at = moved.played_at::timestamptz,
      started_at = case when m.status = 'scheduled' then moved.played_at::timestamptz
        else m.started_at end,
      status = case when moved.result is null then 'live' else 'finished' end,
      result = moved.result, result_reason = moved.reason,
      ended_at = case when moved.result is null then null else moved.played_at::timestamptz end
    from moved join guard on guard.id = moved.match_id
    where m.id = moved.match_id
    returning m.id
  ), told as (
    insert into bot_events (bot_id, match_id, kind, payload)
    select seat.bot_id, seat.match_id, 'move', seat.payload::jsonb
    from unnest($15::text[], $16::text[], $17::text[])
      with ordinality as seat(bot_id, match_id, payload, n)
    where seat.match_id in (select id from guard)
    order by seat.n
    returning bot_id
  )
  select id as stored from guard
  union all
  select null from unnest($18::text[], $19::text[], $20::text[]) as notice(match_id, channel, payload)
    cross join lateral pg_notify(notice.channel, notice.payload)
  where notice.match_id in (select id from guard)
  union all
  select null from (select distinct bot_id from told) as woken
    cross join lateral pg_notify($21, woken.bot_id)`;

/** A move of a batch as both batch writes take it: its match row (before it), the move, its plan. */
export interface BatchMove {
  match: LockedMatch;
  apply: MoveToApply;
  plan: MovePlan;
}

/** `moved`'s columns ($1–$10 of both batch writes): the move rows and the match rows after. */
export function movedColumns(moves: readonly BatchMove[]): unknown[] {
  return [
    moves.map(({ match }) => match.id),
    moves.map(({ apply }) => apply.ply),
    moves.map(({ apply }) => apply.move),
    moves.map(({ apply }) => apply.agentId),
    moves.map(({ apply }) => JSON.stringify(apply.trace)),
    moves.map(({ apply }) => apply.now.toISOString()),
    moves.map(({ match }) => match.owner),
    moves.map(({ plan }) => plan.move.moves),
    moves.map(({ plan }) => plan.result),
    moves.map(({ plan }) => plan.reason),
  ];
}

/** The bots' log rows of a batch's moves, each with its match. */
export function toldRows(
  moves: readonly BatchMove[],
): { botId: string; matchId: string; payload: string }[] {
  return moves.flatMap(({ match, plan }) =>
    plan.told.map((row) => ({ ...row, matchId: match.id })),
  );
}

/** Writes the moves whose rows are as remembered; the ids of the matches written. */
export async function storeGuardedMoves(
  db: Queryable,
  moves: readonly GuardedBotMove[],
): Promise<Set<string>> {
  if (moves.length === 0) return new Set();
  const told = toldRows(moves);
  const notifications = moves.flatMap(({ match, plan }) =>
    plan.notifications.map((row) => ({ ...row, matchId: match.id })),
  );
  const { rows } = await db.query<{ stored: string | null }>(STORE_GUARDED_MOVES, [
    ...movedColumns(moves),
    moves.map(({ match }) => match.moves),
    moves.map(({ match }) => match.status),
    moves.map(({ match }) => match.turnStartedAt.toISOString()),
    moves.map(({ tokenHash }) => tokenHash),
    told.map((row) => row.botId),
    told.map((row) => row.matchId),
    told.map((row) => row.payload),
    notifications.map((row) => row.matchId),
    notifications.map((row) => row.channel),
    notifications.map((row) => row.payload),
    BOT_EVENTS_CHANNEL,
  ]);
  return new Set(rows.flatMap((row) => (row.stored === null ? [] : [row.stored])));
}

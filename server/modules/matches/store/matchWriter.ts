import type { GameOutcome, MoveTrace } from '#core/games/definition.ts';
import { gameOf } from '#core/games/registry.ts';
import type { MatchResult, ResultEvent } from '#core/protocol/matches.ts';
import type { MoveEvent } from '#core/protocol/matchMoves.ts';
import type { MoveVerdictData } from '#core/protocol/moveVerdict.ts';
import type { Database, Queryable } from '#server/db/database.ts';
import {
  BOT_EVENTS_CHANNEL,
  BOT_MOVES_CHANNEL,
  botEventRows,
  type NewBotEvent,
} from '#server/events/botEvents.ts';
import { MATCH_CHANNEL, type MatchNotification } from '#server/events/matchChannel.ts';
import { botMoveNoticePayload } from './botMoveNotice.ts';
import { type LockedMatch, lockPlayableMatch } from './lockedMatch.ts';
import { finishMatch, type MatchEndHook } from './matchEnd.ts';
import { matchPositions } from './matchPositions.ts';

/** What the runner asks to store: the next move of a match it owns. */
export interface MoveToRecord {
  matchId: string;
  owner: string;
  ply: number;
  /** The move in its game's notation. */
  move: string;
  agentId: string;
  trace: MoveTrace;
  /** The server's verdict on the move, when its game could judge it. */
  verdict?: MoveVerdictData | null;
  now: Date;
  leaseUntil: Date;
  /** Runs in the transaction that ends the match (bets are settled there). */
  onMatchEnd?: MatchEndHook;
  /** BOT_MOVE_TIMEOUT_MS: a bot to move next must answer within this (its deadline). */
  botMoveTimeoutMs?: number;
  /** Also NOTIFY `BOT_MOVES_CHANNEL` (a bot moved: the runner owning the match plays on). */
  wakeRunner?: boolean;
}

/** What was stored and published; `null` when the match is no longer ours or the ply is taken. */
export type RecordedMove = { move: MoveEvent; result: ResultEvent | null } | null;

const RESULT_OF_WINNER = { 0: 'first', 1: 'second' } as const;

/** The match result of a game's outcome, or null while it goes on. */
function resultOf(outcome: GameOutcome): MatchResult | null {
  if (outcome.status === 'ongoing') return null;
  return outcome.winner === null ? 'draw' : RESULT_OF_WINNER[outcome.winner];
}

/**
 * Stores one move and publishes it in the same transaction, finishing and rating the match when
 * the move ends the game. Ownership and the ply are checked under the row lock, so a process that
 * lost its lease, or a move already stored before a crash, changes nothing. The game's rules
 * check the move: an illegal one throws `ValidationError` and nothing is stored.
 */
export async function recordMove(db: Database, input: MoveToRecord): Promise<RecordedMove> {
  return db.transaction(async (tx) => {
    const match = await lockPlayableMatch(tx, input.matchId);
    if (!match || match.owner !== input.owner) return null;
    const stored = matchPositions.after(match.id, match.game, match.moves).played.length;
    if (stored !== input.ply - 1) return null;
    return applyMove(tx, match, input);
  });
}

/**
 * A move in one statement (a round trip, and on PostgreSQL one parse, where it took six): the
 * move row, the match row after it, the bots' log rows, and the notifications (watchers, the
 * bots' streams, the runner a bot's move wakes), all committed with the caller's transaction.
 * A ply already stored fails on match_moves' primary key before anything else is kept.
 */
const STORE_MOVE = `with stored as (
    insert into match_moves (match_id, ply, move, agent_id, trace, played_at, owner, verdict)
    values ($1, $2, $3, $4, $5, $6, $7, $17)
    returning match_id
  ), updated as (
    update matches set moves = $8, lease_until = coalesce($9, lease_until), turn_started_at = $6,
      started_at = case when status = 'scheduled' then $6::timestamptz else started_at end,
      status = case when $10::text is null then 'live' else 'finished' end,
      result = $10::text, result_reason = $11::text,
      ended_at = case when $10::text is null then null else $6::timestamptz end
    where id = (select match_id from stored)
    returning id
  ), told as (
    insert into bot_events (bot_id, match_id, kind, payload)
    select seat.bot_id, (select id from updated), 'move', seat.payload::jsonb
    from unnest($12::text[], $13::text[]) with ordinality as seat(bot_id, payload, n)
    order by seat.n
    returning bot_id
  )
  select pg_notify(channel, payload)
  from unnest($14::text[], $15::text[]) as notice(channel, payload)
  union all
  select pg_notify($16, bot_id) from told`;

/** What applyMove stores: a legal-or-throwing move at the next ply of a locked match. */
export type MoveToApply = Omit<MoveToRecord, 'owner' | 'leaseUntil'> & { leaseUntil?: Date };

/** A move worked out on a locked match, not yet written: what `STORE_MOVE` takes, and more. */
export interface MovePlan {
  move: MoveEvent;
  result: MatchResult | null;
  reason: string | null;
  /** The cells that show the result (empty while the game goes on). */
  cells: number[];
  /** The bots' log rows the move appends. */
  told: NewBotEvent[];
  /** Every NOTIFY of the move but the bots' streams' (those follow the log rows). */
  notifications: { channel: string; payload: string }[];
}

/**
 * Works out `input.move` on a locked match: the move event, the result when it ends the game,
 * what the seated bots are told and what is announced. Throws `ValidationError` on an illegal
 * move. Nothing is written but this process's memory of the match's position (`matchPositions`).
 */
export function planMove(match: LockedMatch, input: MoveToApply): MovePlan {
  const game = gameOf(match.game);
  const before = matchPositions.after(match.id, match.game, match.moves);
  // Remembered as the match's position: if the write then rolls back, the row's moves no longer
  // match it and it is never served.
  const { state, moves } = matchPositions.play(match.id, match.game, before, input.move);
  const outcome = game.outcome(state);
  const result = resultOf(outcome);
  const move: MoveEvent = {
    matchId: input.matchId,
    ply: input.ply,
    move: input.move,
    agentId: input.agentId,
    trace: input.trace,
    ...(input.verdict ? { verdict: input.verdict } : {}),
    playedAt: input.now.toISOString(),
    moves,
  };
  const seats = match.botSeats;
  const toMove = result ? null : game.sideToMove(state) === 0 ? 'first' : 'second';
  const botToMove = seats.some((seat) => seat.side === toMove);
  const deadline =
    botToMove && input.botMoveTimeoutMs !== undefined
      ? new Date(input.now.getTime() + input.botMoveTimeoutMs).toISOString()
      : null;
  const legalMoves = botToMove ? game.legalMoves(state) : [];
  const told = botEventRows(match.id, seats, (seat) => ({
    game: match.game,
    ply: input.ply,
    move: input.move,
    moves,
    toMove,
    deadline: seat.side === toMove ? deadline : null,
    legalMoves: seat.side === toMove ? legalMoves : [],
  }));
  const notifications = [
    {
      channel: MATCH_CHANNEL,
      payload: JSON.stringify({ kind: 'move', event: move } satisfies MatchNotification),
    },
    ...(input.wakeRunner
      ? [
          {
            channel: BOT_MOVES_CHANNEL,
            // What the runner needs to wait for the next bot's move without reading the row.
            payload: botMoveNoticePayload(match.id, {
              moves,
              turnStartedAt: input.now.toISOString(),
              over: result !== null,
            }),
          },
        ]
      : []),
  ];
  return {
    move,
    result,
    reason: outcome.status === 'finished' ? outcome.reason : null,
    cells: outcome.status === 'finished' ? outcome.cells : [],
    told,
    notifications,
  };
}

/**
 * Plays `input.move` on a locked match, stores and publishes it (watchers, and the bots seated
 * in the match), and ends and rates the match when the game is over. An illegal move throws
 * `ValidationError` before anything is written.
 */
export async function applyMove(
  tx: Queryable,
  match: LockedMatch,
  input: MoveToApply,
): Promise<NonNullable<RecordedMove>> {
  const plan = planMove(match, input);
  const { move, result, reason, told, notifications } = plan;
  await tx.query(STORE_MOVE, [
    input.matchId,
    input.ply,
    input.move,
    input.agentId,
    JSON.stringify(input.trace),
    input.now,
    match.owner,
    move.moves,
    input.leaseUntil ?? null,
    result,
    reason,
    told.map((row) => row.botId),
    told.map((row) => row.payload),
    notifications.map((row) => row.channel),
    notifications.map((row) => row.payload),
    BOT_EVENTS_CHANNEL,
    input.verdict ? JSON.stringify(input.verdict) : null,
  ]);
  if (!result) return { move, result: null };
  const resultEvent = await finishMatch(tx, match, {
    result,
    reason,
    moves: move.moves,
    plies: input.ply,
    cells: plan.cells,
    now: input.now,
    ...(input.onMatchEnd ? { onMatchEnd: input.onMatchEnd } : {}),
  });
  return { move, result: resultEvent };
}

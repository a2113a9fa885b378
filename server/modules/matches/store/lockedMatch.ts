import type { GameId } from '#core/games/gameIds.ts';
import type { Queryable } from '#server/db/database.ts';
import type { BotSeat } from '#server/events/botEvents.ts';

/** A playable match row, locked by the transaction that read it. */
export interface LockedMatch {
  id: string;
  game: GameId;
  moves: string;
  owner: string | null;
  status: 'scheduled' | 'live';
  firstAgentId: string;
  secondAgentId: string;
  startsAt: Date | null;
  /** When the current turn began (the last move, or the start). */
  turnStartedAt: Date;
  /** The bots seated in it (none, one or two), read with the row so a move need not ask again. */
  botSeats: BotSeat[];
}

/** The columns `matchOfRow` reads, from `matches m`. */
export const LOCKED_MATCH_COLUMNS = `m.game, m.moves, m.owner, m.status, m.first_agent_id,
  m.second_agent_id, m.starts_at, coalesce(m.turn_started_at, m.started_at) as turn_started_at,
  array(select b.agent_id from bots b where b.agent_id in (m.first_agent_id, m.second_agent_id)
    order by b.agent_id) as bot_ids`;

/** A `matches` row as `LOCKED_MATCH_COLUMNS` reads it. */
export interface LockedMatchRow {
  game: GameId;
  moves: string;
  owner: string | null;
  status: string;
  first_agent_id: string;
  second_agent_id: string;
  starts_at: Date | string | null;
  turn_started_at: Date | string;
  bot_ids: string[];
}

/** The locked match of a row, or null when the match is over. */
export function matchOfRow(matchId: string, row: LockedMatchRow): LockedMatch | null {
  if (row.status !== 'live' && row.status !== 'scheduled') return null;
  return {
    id: matchId,
    game: row.game,
    moves: row.moves,
    owner: row.owner,
    status: row.status,
    firstAgentId: row.first_agent_id,
    secondAgentId: row.second_agent_id,
    startsAt: row.starts_at === null ? null : new Date(row.starts_at),
    turnStartedAt: new Date(row.turn_started_at),
    botSeats: row.bot_ids.map((botId) => ({
      botId,
      side: botId === row.first_agent_id ? 'first' : 'second',
    })),
  };
}

/** A match's row as the runner reads it at each turn: what `matchOfRow` takes, and the seed. */
export interface TurnRow extends LockedMatchRow {
  seed: number;
  /** A tournament's think-time limit per engine move (null: each agent's own). */
  think_time_ms: number | null;
}

/**
 * Reads a match's row without a lock, for the runner's turn: one read serves both an engine's
 * move (checked again under the lock when stored) and the look at a bot's deadline.
 */
export async function readTurnRow(db: Queryable, matchId: string): Promise<TurnRow | null> {
  const { rows } = await db.query<TurnRow>(
    `select ${LOCKED_MATCH_COLUMNS}, m.seed, m.think_time_ms from matches m where m.id = $1`,
    [matchId],
  );
  return rows[0] ?? null;
}

/** Locks a match's row; null when it does not exist or is over. */
export async function lockPlayableMatch(
  tx: Queryable,
  matchId: string,
): Promise<LockedMatch | null> {
  const { rows } = await tx.query<LockedMatchRow>(
    `select ${LOCKED_MATCH_COLUMNS} from matches m where m.id = $1 for update of m`,
    [matchId],
  );
  const row = rows[0];
  return row ? matchOfRow(matchId, row) : null;
}

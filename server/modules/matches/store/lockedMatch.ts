import type { GameId } from '../../../../core/games/gameIds.ts';
import type { Queryable } from '../../../db/database.ts';

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
}

/** Locks a match's row; null when it does not exist or is over. */
export async function lockPlayableMatch(
  tx: Queryable,
  matchId: string,
): Promise<LockedMatch | null> {
  const { rows } = await tx.query<{
    game: GameId;
    moves: string;
    owner: string | null;
    status: string;
    first_agent_id: string;
    second_agent_id: string;
    starts_at: Date | string | null;
    turn_started_at: Date | string;
  }>(
    `select game, moves, owner, status, first_agent_id, second_agent_id, starts_at,
       coalesce(turn_started_at, started_at) as turn_started_at
     from matches where id = $1 for update`,
    [matchId],
  );
  const row = rows[0];
  if (!row || (row.status !== 'live' && row.status !== 'scheduled')) return null;
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
  };
}

import type { GameId } from '#core/games/gameIds.ts';
import type { MatchSummary } from '#core/protocol/matches.ts';
import type { MatchMove } from '#core/protocol/matchMoves.ts';
import type { Database, Queryable } from '#server/db/database.ts';
import {
  MATCH_COLUMNS,
  MATCH_FROM,
  type MatchRow,
  matchRowSchema,
  moveRowSchema,
  toMatchMove,
  toMatchSummary,
} from './matchRows.ts';

/** One page of matches, newest first, and the cursor of the next page. */
export async function listMatches(
  db: Queryable,
  query: {
    status?: 'scheduled' | 'live' | 'finished' | undefined;
    game?: GameId | undefined;
    agent?: string | undefined;
    cursor?: string | undefined;
    limit: number;
  },
): Promise<{ items: MatchSummary[]; nextCursor: string | null }> {
  const params: unknown[] = [];
  const where: string[] = [];
  if (query.status) {
    params.push(query.status);
    where.push(`m.status = $${params.length}`);
  }
  if (query.game) {
    params.push(query.game);
    where.push(`m.game = $${params.length}`);
  }
  if (query.agent) {
    params.push(query.agent);
    where.push(`$${params.length} in (m.first_agent_id, m.second_agent_id)`);
  }
  // The cursor is the `seq` of the last match of the previous page; anything else is ignored.
  if (query.cursor && /^\d{1,18}$/.test(query.cursor)) {
    params.push(query.cursor);
    where.push(`m.seq < $${params.length}::bigint`);
  }
  params.push(query.limit + 1);
  const { rows } = await db.query(
    `select ${MATCH_COLUMNS} from ${MATCH_FROM}
     ${where.length ? `where ${where.join(' and ')}` : ''}
     order by m.seq desc limit $${params.length}`,
    params,
  );
  const parsed = rows.map((row) => matchRowSchema.parse(row));
  const page = parsed.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map(toMatchSummary),
    nextCursor: parsed.length > query.limit && last ? last.seq : null,
  };
}

/** One match row, or null when there is none with that id. */
export async function findMatch(db: Queryable, id: string): Promise<MatchRow | null> {
  const { rows } = await db.query(`select ${MATCH_COLUMNS} from ${MATCH_FROM} where m.id = $1`, [
    id,
  ]);
  return rows[0] ? matchRowSchema.parse(rows[0]) : null;
}

/** The moves of a match after `afterPly` (0: all), in order, with their traces. */
export async function listMoves(
  db: Queryable,
  matchId: string,
  afterPly = 0,
): Promise<MatchMove[]> {
  const { rows } = await db.query(
    `select ply, move, agent_id, trace, verdict, played_at from match_moves
     where match_id = $1 and ply > $2 order by ply`,
    [matchId, afterPly],
  );
  return rows.map((row) => toMatchMove(moveRowSchema.parse(row)));
}

/**
 * A match and all its moves from one snapshot. Each statement of a READ COMMITTED transaction
 * sees its own snapshot, so a move committed between two plain reads makes the match's `moves`
 * and its turns disagree (seen with a match playing every 20 ms).
 */
export async function findMatchWithMoves(
  db: Database,
  id: string,
): Promise<{ row: MatchRow; turns: MatchMove[] } | null> {
  return await db.transaction(async (tx) => {
    await tx.query('set transaction isolation level repeatable read');
    const row = await findMatch(tx, id);
    return row ? { row, turns: await listMoves(tx, id) } : null;
  });
}

/** How many matches of each game are live and how many finished, for the games catalogue. */
export async function countMatches(
  db: Queryable,
): Promise<(game: string) => { live: number; finished: number }> {
  const { rows } = await db.query<{ game: string; status: string; count: string | number }>(
    `select game, status, count(*)::int as count from matches group by game, status`,
  );
  const count = (game: string, status: string) =>
    Number(rows.find((row) => row.game === game && row.status === status)?.count ?? 0);
  return (game) => ({ live: count(game, 'live'), finished: count(game, 'finished') });
}

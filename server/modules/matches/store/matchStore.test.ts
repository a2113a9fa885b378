import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Queryable } from '#server/db/database.ts';
import { CENTRE_TRACE, insertHouseAgents, insertMatch } from '#server/testing/economyFixtures.ts';
import { openTestDatabase } from '#server/testing/testDatabase.ts';
import { findMatchWithMoves } from './matchStore.ts';

/** Stores move `ply` (column 4) the way the runner does: the move row and the match's moves. */
async function storeMove(db: Queryable, matchId: string, ply: number, agentId: string) {
  await db.query(
    `with moved as (
       insert into match_moves (match_id, ply, move, agent_id, trace, played_at)
       values ($1, $2, '4', $3, $4::jsonb, now()) returning match_id)
     update matches set moves = moves || '4' where id in (select match_id from moved)`,
    [matchId, ply, agentId, JSON.stringify(CENTRE_TRACE)],
  );
}

// PGlite has one connection, so no move can land between two reads there: PostgreSQL only.
describe.skipIf(!process.env.TEST_DATABASE_URL)('findMatchWithMoves on postgres', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openTestDatabase('postgres');
  });
  afterAll(() => db?.close());

  it('regression: a move committed between reading the match and its moves does not make them disagree', async () => {
    const agents = await insertHouseAgents(db);
    const matchId = await insertMatch(db, agents, 'live');
    await storeMove(db, matchId, 1, agents[0]);

    // The next move commits on another connection right after the match row was read.
    let reads = 0;
    const interleaving: Database = {
      ...db,
      transaction: (work) =>
        db.transaction((tx) =>
          work({
            exec: (sql) => tx.exec(sql),
            async query<Row>(sql: string, params?: unknown[]) {
              const result = await tx.query<Row>(sql, params);
              if (sql.includes('from matches') && reads++ === 0) {
                await storeMove(db, matchId, 2, agents[1]);
              }
              return result;
            },
          }),
        ),
    };

    const detail = await findMatchWithMoves(interleaving, matchId);
    expect(reads).toBeGreaterThan(0);
    expect(detail?.row.moves).toBe('4');
    expect(detail?.turns.map((turn) => turn.ply)).toEqual([1]);
    // The landed move is there for the next read.
    expect((await findMatchWithMoves(db, matchId))?.turns).toHaveLength(2);
  });
});

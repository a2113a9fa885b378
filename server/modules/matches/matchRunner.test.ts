import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { manualScheduler } from '../../testing/manualScheduler.ts';
import { openTestDatabase, testDatabaseKinds } from '../../testing/testDatabase.ts';
import { MatchRunner } from './matchRunner.ts';
import { findMatch, listMoves } from './matchStore.ts';
import type { Scheduler } from './scheduler.ts';
import { insertQuickAgents } from './testAgents.ts';
import { DecisionPool } from './workerPool.ts';

async function liveCount(db: Database): Promise<number> {
  const { rows } = await db.query<{ count: number }>(
    `select count(*)::int as count from matches where status = 'live'`,
  );
  return rows[0]?.count ?? 0;
}

let pool: DecisionPool;
beforeAll(() => {
  pool = new DecisionPool(1);
});
afterAll(() => pool.close());

describe.each(testDatabaseKinds())('match runner on %s', (kind) => {
  let db: Database;
  // Opening PGlite costs seconds: one database per back end, emptied before each test.
  beforeAll(async () => {
    db = await openTestDatabase(kind);
    await insertQuickAgents(db);
  });
  afterAll(() => db?.close());
  beforeEach(async () => {
    await db.query('delete from rating_history');
    await db.query('delete from matches');
    await db.query('update agents set wins = 0, losses = 0, draws = 0');
  });

  function runner(ownerId: string, scheduler: Scheduler, liveMatches = 3) {
    return new MatchRunner({
      db,
      decider: pool,
      ownerId,
      liveMatches,
      moveDelayMs: 0,
      scheduler,
    });
  }

  it('keeps LIVE_MATCHES going: a finished match is rated and replaced', async () => {
    const clock = manualScheduler(Date.parse('2026-01-01T00:00:00Z'));
    const matches = runner('process-a', clock);
    await matches.sweep();
    expect(await liveCount(db)).toBe(3);
    const [first] = matches.ownedMatches();
    expect(first).toBeDefined();
    let moves = 0;
    while (await matches.playMove(first!)) {
      moves++;
      clock.advance(1000);
    }
    const finished = await findMatch(db, first!);
    expect(finished?.status).toBe('finished');
    expect(finished?.result).toMatch(/^(first|second|draw)$/);
    expect(finished?.moves).toHaveLength(moves + 1);
    const turns = await listMoves(db, first!);
    expect(turns.map((turn) => turn.move).join('')).toBe(finished?.moves);
    expect(turns.map((turn) => turn.ply)).toEqual(turns.map((_, index) => index + 1));
    const { rows: history } = await db.query(
      'select agent_id from rating_history where match_id = $1',
      [first],
    );
    expect(history).toHaveLength(2);
    const { rows: records } = await db.query<{ games: number }>(
      'select sum(wins + losses + draws)::int as games from agents',
    );
    expect(records[0]?.games).toBe(2);

    expect(await liveCount(db)).toBe(2);
    await matches.sweep();
    expect(await liveCount(db)).toBe(3);
  });

  it('never lets two processes play the same match, and hands over expired leases', async () => {
    const clockA = manualScheduler(Date.parse('2026-01-01T00:00:00Z'));
    const clockB = manualScheduler(Date.parse('2026-01-01T00:00:00Z'));
    const a = runner('process-a', clockA, 4);
    const b = runner('process-b', clockB, 4);
    await Promise.all([a.sweep(), b.sweep()]);
    expect(await liveCount(db)).toBe(4);
    const ownedA = a.ownedMatches();
    const ownedB = b.ownedMatches();
    expect(ownedA.length + ownedB.length).toBe(4);
    expect(ownedA.filter((id) => ownedB.includes(id))).toEqual([]);

    // Both try to play every match at once: only the owner's moves are stored.
    const all = [...ownedA, ...ownedB];
    const played = await Promise.all(all.flatMap((id) => [a.playMove(id), b.playMove(id)]));
    expect(played.filter(Boolean)).toHaveLength(4);
    for (const id of all) expect((await findMatch(db, id))?.moves).toHaveLength(1);

    // A's leases run out (it stopped renewing): B takes its matches over and A can no longer move.
    clockB.advance(60_000);
    await b.sweep();
    expect(b.ownedMatches().sort()).toEqual([...all].sort());
    for (const id of ownedA) {
      expect(await a.playMove(id)).toBe(false);
      expect(await b.playMove(id)).toBe(true);
      expect((await findMatch(db, id))?.moves).toHaveLength(2);
    }
  });
});

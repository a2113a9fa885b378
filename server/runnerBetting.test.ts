import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './db/database.ts';
import { ledgerHealth } from './db/stores/ledgerHealth.ts';
import { placeBet } from './modules/bets/placeBet.ts';
import { settleMatch } from './modules/bets/settleMatch.ts';
import { MatchRunner } from './modules/matches/runner/matchRunner.ts';
import { DecisionPool } from './modules/matches/runner/workerPool.ts';
import { findMatch } from './modules/matches/store/matchStore.ts';
import { insertHouseAgents } from './testing/economyFixtures.ts';
import { manualScheduler } from './testing/manualScheduler.ts';
import { openTestDatabase, testDatabaseKinds } from './testing/testDatabase.ts';

const WINDOW_MS = 30_000;

let pool: DecisionPool;
beforeAll(() => {
  pool = new DecisionPool(1);
});
afterAll(() => pool.close());

describe.each(testDatabaseKinds())('the runner announces, then settles, on %s', (kind) => {
  let db: Database;
  beforeAll(async () => {
    db = await openTestDatabase(kind);
    await insertHouseAgents(db);
  });
  afterAll(() => db?.close());

  async function newUser(): Promise<string> {
    const { rows } = await db.query<{ id: string }>(
      `insert into users (address, nickname) values ($1, $1) returning id::text as id`,
      [`0x${crypto.randomUUID().replaceAll('-', '').padEnd(40, '0')}`],
    );
    return rows[0]?.id ?? '';
  }

  it('takes bets until the first move, then settles in the move that ends the match', async () => {
    const clock = manualScheduler(Date.parse('2026-01-01T00:00:00Z'));
    const runner = new MatchRunner({
      db,
      decider: pool,
      ownerId: 'process-a',
      liveMatches: 1,
      moveDelayMs: 0,
      bettingWindowMs: WINDOW_MS,
      // As app.ts composes it: the match's end settles its bets, here at a 5% commission.
      onMatchEnd: async (tx, id, now) => {
        await settleMatch(tx, id, 5, now);
      },
      scheduler: clock,
    });
    await runner.sweep();
    const [matchId = ''] = runner.ownedMatches();
    const announced = await findMatch(db, matchId);
    expect(announced?.status).toBe('scheduled');
    expect(announced?.starts_at?.getTime()).toBe(clock.now() + WINDOW_MS);

    // Before startsAt the runner waits: no move, bets still taken.
    expect(await runner.playMove(matchId)).toBe(true);
    expect((await findMatch(db, matchId))?.moves).toBe('');
    const [alice, bob] = [await newUser(), await newUser()];
    const bet = (userId: string, side: 'first' | 'second', key: string) =>
      placeBet(db, userId, { matchId, side, amount: 200, idempotencyKey: key }, new Date());
    await bet(alice, 'first', 'alice-0001');
    await bet(bob, 'second', 'bob-00001');

    clock.advance(WINDOW_MS);
    expect(await runner.playMove(matchId)).toBe(true);
    expect((await findMatch(db, matchId))?.status).toBe('live');
    await expect(bet(alice, 'second', 'alice-0002')).rejects.toThrow(
      'Betting on this match is closed.',
    );

    while (await runner.playMove(matchId)) clock.advance(1000);
    const finished = await findMatch(db, matchId);
    expect(finished?.status).toBe('finished');
    const { rows } = await db.query<{ outcome: string; pool: string }>(
      'select outcome, pool::text as pool from match_settlements where match_id = $1',
      [matchId],
    );
    expect(rows).toEqual([
      { outcome: finished?.result === 'draw' ? 'refunded' : 'paid', pool: '400' },
    ]);
    expect(await ledgerHealth(db)).toMatchObject({ openStakes: 0, agrees: true });
  });

  it('never pairs a hidden agent', async () => {
    await db.query(`update matches set status = 'cancelled' where status in ('scheduled', 'live')`);
    await db.query(`update agents set hidden = true where id = 'house-b'`);
    const runner = new MatchRunner({
      db,
      decider: pool,
      ownerId: 'process-b',
      liveMatches: 2,
      moveDelayMs: 0,
      scheduler: manualScheduler(Date.now()),
    });
    await runner.sweep();
    expect(runner.ownedMatches()).toEqual([]);
  });
});

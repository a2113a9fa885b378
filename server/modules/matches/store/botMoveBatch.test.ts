import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Queryable } from '../../../db/database.ts';
import { insertOwnedAgent, signInUsers } from '../../../testing/economyFixtures.ts';
import { createTestApp, type TestApp } from '../../../testing/testApp.ts';
import { testDatabaseKinds } from '../../../testing/testDatabase.ts';
import { MatchRunner } from '../runner/matchRunner.ts';
import type { Scheduler } from '../runner/scheduler.ts';
import { DecisionPool } from '../runner/workerPool.ts';
import { createBotMoveRecorder } from './botMoveBatch.ts';
import { type BotMoveRequest, recordBotMove, type StoredMove } from './botMoves.ts';

const MOVE_TIMEOUT_MS = 10_000;

/** A statement, with the transaction it ran in (0: none). */
interface TaggedStatement {
  transaction: number;
  sql: string;
}

/** The same database, noting each statement with the transaction it ran in. */
function tagTransactions(db: Database, statements: TaggedStatement[]): Database {
  let transactions = 0;
  const tagged = (target: Queryable, transaction: number): Queryable => ({
    query<Row>(sql: string, params: unknown[] = []) {
      statements.push({ transaction, sql });
      return target.query<Row>(sql, params);
    },
    exec: (sql) => target.exec(sql),
  });
  return {
    ...db,
    ...tagged(db, 0),
    transaction: (work) => {
      const transaction = ++transactions;
      return db.transaction((tx) => work(tagged(tx, transaction)));
    },
  };
}

// A match's end locks its agents' and owners' rows to rate and settle it: in a batch with other
// ends it locked them in an order no other transaction knows, and deadlocked against the
// runner's engine moves (1 s each on PostgreSQL, the whole batch waiting).
describe.each(testDatabaseKinds())('a batch of bot moves on %s', (kind) => {
  let t: TestApp;
  let pool: DecisionPool;
  const scheduler: Scheduler = {
    now: () => t.clock.now(),
    setTimeout: () => null,
    clearTimeout: () => {},
  };

  beforeAll(async () => {
    pool = new DecisionPool(1);
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
    await pool.close();
  });

  it('ends a match in a transaction of its own, never in the batch of other moves', async () => {
    await t.db.query(
      `update matches set status = 'cancelled' where status in ('scheduled', 'live')`,
    );
    await t.db.query('update agents set hidden = true');
    const [first = '', second = ''] = (await signInUsers(t.app, 2)).map((user) => user.userId);
    const onlineUntil = new Date(t.clock.now() + 60_000);
    const bots = [
      await insertOwnedAgent(t.db, first, 'bot', onlineUntil),
      await insertOwnedAgent(t.db, second, 'bot', onlineUntil),
    ];
    await t.db.query('update bots set token_hash = agent_id where agent_id = any($1)', [bots]);
    const runner = new MatchRunner({
      db: t.db,
      decider: pool,
      ownerId: 'batch-test',
      liveMatches: 0,
      games: ['connect4'],
      moveDelayMs: 0,
      botMoveTimeoutMs: MOVE_TIMEOUT_MS,
      scheduler,
    });
    await runner.sweep();
    const [matchId = ''] = runner.ownedMatches();
    await runner.stop();
    const { rows } = await t.db.query<{ first_agent_id: string; second_agent_id: string }>(
      'select first_agent_id, second_agent_id from matches where id = $1',
      [matchId],
    );
    const seats = [rows[0]?.first_agent_id ?? '', rows[0]?.second_agent_id ?? ''];
    // What each stored move hands on to be judged (the app's LateMoveJudge).
    const stored: StoredMove[] = [];
    const move = (ply: number, column: string): BotMoveRequest => {
      const botId = seats[(ply - 1) % 2] ?? '';
      return {
        matchId,
        botId,
        tokenHash: botId,
        ply,
        move: column,
        now: new Date(t.clock.now()),
        moveTimeoutMs: MOVE_TIMEOUT_MS,
        onStored: (played) => stored.push(played),
      };
    };
    // Three in column 4 for the first bot, three in column 5 for the second.
    for (const [index, column] of ['4', '5', '4', '5', '4', '5'].entries()) {
      expect(await recordBotMove(t.db, move(index + 1, column))).toMatchObject({ ended: false });
    }

    const statements: TaggedStatement[] = [];
    const record = createBotMoveRecorder(tagTransactions(t.db, statements), (error) => {
      throw error;
    });
    // The fourth in column 4 wins.
    expect(await record(move(7, '4'))).toMatchObject({ ply: 7, moves: '4545454', ended: true });
    const { rows: ended } = await t.db.query<{ status: string; result: string }>(
      'select status, result from matches where id = $1',
      [matchId],
    );
    expect(ended[0]).toEqual({ status: 'finished', result: 'first' });
    // Every move, the one that ended the match too, with the position it was played in.
    expect(stored).toEqual(
      [...'4545454'].map((column, index) => ({
        matchId,
        game: 'connect4',
        ply: index + 1,
        movesBefore: '4545454'.slice(0, index),
        move: column,
      })),
    );

    const transactionOf = (pattern: RegExp) =>
      new Set(statements.filter((s) => pattern.test(s.sql)).map((s) => s.transaction));
    const batch = transactionOf(/with ordinality as req/);
    const rated = transactionOf(/update agents a set rating/);
    expect(batch.size).toBe(1);
    expect(rated.size).toBe(1);
    // Rated, and the move stored, in a transaction that is not the batch's.
    expect([...rated][0]).not.toBe([...batch][0]);
    expect(transactionOf(/insert into match_moves/)).toEqual(rated);
  });
});

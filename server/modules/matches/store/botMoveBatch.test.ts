import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DecisionPool } from '#server/modules/matches/runner/workerPool.ts';
import { createTestApp, type TestApp } from '#server/testing/testApp.ts';
import { testDatabaseKinds } from '#server/testing/testDatabase.ts';
import { type TaggedStatement, tagTransactions } from '#server/testing/transactionTags.ts';
import { startTwoBotMatch } from '#server/testing/twoBotMatch.ts';
import { createBotMoveRecorder } from './botMoveBatch.ts';
import { recordBotMove, type StoredMove } from './botMoves.ts';

const MOVE_TIMEOUT_MS = 10_000;

// A match's end locks its agents' and owners' rows to rate and settle it: in a batch with other
// ends it locked them in an order no other transaction knows, and deadlocked against the
// runner's engine moves (1 s each on PostgreSQL, the whole batch waiting).
describe.each(testDatabaseKinds())('a batch of bot moves on %s', (kind) => {
  let t: TestApp;
  let pool: DecisionPool;

  beforeAll(async () => {
    pool = new DecisionPool(1);
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
    await pool.close();
  });

  it('ends a match in a transaction of its own, never in the batch of other moves', async () => {
    const match = await startTwoBotMatch(t, pool, MOVE_TIMEOUT_MS);
    const { matchId } = match;
    // What each stored move hands on to be judged (the app's LateMoveJudge).
    const stored: StoredMove[] = [];
    const move = (ply: number, column: string) =>
      match.move(ply, column, { onStored: (played) => stored.push(played) });
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

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/testApp.ts';
import { testDatabaseKinds } from '../../../testing/testDatabase.ts';
import { type TaggedStatement, tagTransactions } from '../../../testing/transactionTags.ts';
import { startTwoBotMatch, type TwoBotMatch } from '../../../testing/twoBotMatch.ts';
import { DecisionPool } from '../runner/workerPool.ts';
import { createBotMoveRecorder } from './botMoveBatch.ts';
import { type BotMoveRequest, recordBotMove, type StoredMove } from './botMoves.ts';

const MOVE_TIMEOUT_MS = 10_000;

const isGuarded = (statement: TaggedStatement) => /guard as materialized/.test(statement.sql);
const isLock = (statement: TaggedStatement) =>
  /for update of m/.test(statement.sql) && !isGuarded(statement);

// A move in a match of two bots is checked against the row this process wrote last and stored
// by one statement that writes only where the row is still that: whatever changed the row
// meanwhile (another process's move, a revoked token, a cancelled match) must send the move to
// the check under the lock, and never be written on a position it was not checked on.
describe.each(testDatabaseKinds())('bot moves on a remembered row on %s', (kind) => {
  let t: TestApp;
  let pool: DecisionPool;
  let matchId = '';
  let seats: string[] = [];
  const statements: TaggedStatement[] = [];
  const stored: StoredMove[] = [];
  let record: (input: BotMoveRequest) => ReturnType<typeof recordBotMove>;

  let match: TwoBotMatch;
  const move = (ply: number, column: string) =>
    match.move(ply, column, { onStored: (played) => stored.push(played) });
  const storedMoves = async () =>
    (
      await t.db.query<{ ply: number; move: string }>(
        'select ply, move from match_moves where match_id = $1 order by ply',
        [matchId],
      )
    ).rows.map((row) => `${row.ply}:${row.move}`);

  beforeAll(async () => {
    pool = new DecisionPool(1);
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
    await pool.close();
  });

  beforeEach(async () => {
    match = await startTwoBotMatch(t, pool, MOVE_TIMEOUT_MS);
    ({ matchId, seats } = match);
    statements.length = 0;
    stored.length = 0;
    record = createBotMoveRecorder(tagTransactions(t.db, statements), (error) => {
      throw error;
    });
    // The first move is checked under the lock (nothing remembered yet), the second on the row
    // the first wrote.
    expect(await record(move(1, '4'))).toMatchObject({ ply: 1, moves: '4' });
    expect(await record(move(2, '5'))).toMatchObject({ ply: 2, moves: '45' });
  });

  it('stores each next move in one statement, outside any transaction, exactly once', async () => {
    expect(await record(move(3, '4'))).toMatchObject({ ply: 3, moves: '454', ended: false });
    expect(statements.filter(isLock)).toHaveLength(1);
    const guarded = statements.filter(isGuarded);
    expect(guarded).toHaveLength(2);
    expect(guarded.every((statement) => statement.transaction === 0)).toBe(true);
    // Nothing but the guarded write for those two moves.
    expect(statements.slice(statements.indexOf(guarded[0]!))).toEqual(guarded);
    expect(await storedMoves()).toEqual(['1:4', '2:5', '3:4']);
    expect(stored.map((one) => `${one.ply}:${one.move}:${one.movesBefore}`)).toEqual([
      '1:4:',
      '2:5:4',
      '3:4:45',
    ]);
  });

  it('leaves a move out where another writer moved first, and checks it under the lock', async () => {
    // Another process stores ply 3; this one still remembers the row after ply 2.
    expect(await recordBotMove(t.db, move(3, '4'))).toMatchObject({ ply: 3, moves: '454' });
    statements.length = 0;
    // The same bot sends another ply 3: right by the memory, wrong by the row.
    expect(await record(move(3, '6'))).toMatchObject({ status: 409 });
    expect(statements.filter(isGuarded)).toHaveLength(1);
    expect(statements.filter(isLock)).toHaveLength(1);
    expect(await storedMoves()).toEqual(['1:4', '2:5', '3:4']);
    // The next move is checked under the lock (the memory is gone), then remembered again.
    expect(await record(move(4, '5'))).toMatchObject({ ply: 4, moves: '4545' });
    expect(await record(move(5, '3'))).toMatchObject({ ply: 5, moves: '45453' });
    expect(statements.filter(isGuarded)).toHaveLength(2);
    expect(statements.filter(isLock)).toHaveLength(2);
    expect(await storedMoves()).toEqual(['1:4', '2:5', '3:4', '4:5', '5:3']);
    // Every stored move handed on once (ply 3 by the other writer), the refused one never.
    expect(stored.map((one) => `${one.ply}:${one.move}`)).toEqual([
      '1:4',
      '2:5',
      '3:4',
      '4:5',
      '5:3',
    ]);
  });

  it('refuses a move whose token was revoked since its row was remembered', async () => {
    await t.db.query('update bots set token_hash = null where agent_id = $1', [seats[0]]);
    expect(await record(move(3, '4'))).toMatchObject({ status: 401 });
    expect(statements.filter(isGuarded)).toHaveLength(2);
    expect(await storedMoves()).toEqual(['1:4', '2:5']);
  });

  it('refuses a move in a match cancelled since its row was remembered', async () => {
    await t.db.query(`update matches set status = 'cancelled' where id = $1`, [matchId]);
    expect(await record(move(3, '4'))).toMatchObject({ status: 409 });
    expect(await storedMoves()).toEqual(['1:4', '2:5']);
  });

  it('sends a move that ends the match alone, where the match is rated', async () => {
    for (const [index, column] of ['4', '5', '4', '5'].entries()) {
      expect(await record(move(index + 3, column))).toMatchObject({ ended: false });
    }
    statements.length = 0;
    expect(await record(move(7, '4'))).toMatchObject({ ply: 7, moves: '4545454', ended: true });
    expect(statements.filter(isGuarded)).toHaveLength(0);
    expect(statements.some((statement) => /update agents a set rating/.test(statement.sql))).toBe(
      true,
    );
    const { rows } = await t.db.query<{ status: string; result: string }>(
      'select status, result from matches where id = $1',
      [matchId],
    );
    expect(rows[0]).toEqual({ status: 'finished', result: 'first' });
  });
});

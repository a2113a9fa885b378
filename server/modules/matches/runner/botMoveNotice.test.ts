import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOT_MOVES_CHANNEL } from '#server/events/botEvents.ts';
import {
  type BotMoveNotice,
  parseBotMoveNotice,
} from '#server/modules/matches/store/botMoveNotice.ts';
import { recordBotMove } from '#server/modules/matches/store/botMoves.ts';
import { insertOwnedAgent, signInUsers } from '#server/testing/economyFixtures.ts';
import { type RecordedStatement, recordStatements } from '#server/testing/statementRecorder.ts';
import { createTestApp, type TestApp } from '#server/testing/testApp.ts';
import { testDatabaseKinds } from '#server/testing/testDatabase.ts';
import { MatchRunner } from './matchRunner.ts';
import type { Scheduler } from './scheduler.ts';
import { DecisionPool } from './workerPool.ts';

const MOVE_TIMEOUT_MS = 10_000;

// A bot's move tells the runner what it left, so waiting for the next bot's move costs no read
// of the match; what a notice tells is never taken for more than that.
describe.each(testDatabaseKinds())('a bot move’s notice to the runner on %s', (kind) => {
  let t: TestApp;
  let pool: DecisionPool;
  const statements: RecordedStatement[] = [];
  const notices: BotMoveNotice[] = [];
  let unlisten: () => Promise<void> = async () => {};
  // The runner's timers are never fired: the test plays its turns with playMove.
  const scheduler: Scheduler = {
    now: () => t.clock.now(),
    setTimeout: () => null,
    clearTimeout: () => {},
  };

  beforeAll(async () => {
    pool = new DecisionPool(1);
    t = await createTestApp(kind);
    unlisten = await t.db.listen(BOT_MOVES_CHANNEL, (payload) => {
      const notice = parseBotMoveNotice(payload);
      if (notice) notices.push(notice);
    });
  });
  afterAll(async () => {
    await unlisten();
    await t.close();
    await pool.close();
  });

  it('waits for the next bot on what the move told, and reads the row when told nothing', async () => {
    // Only the two bots can be paired: the built-in agents sit out.
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
    await t.db.query(`update bots set token_hash = agent_id where agent_id = any($1)`, [bots]);
    const runner = new MatchRunner({
      db: recordStatements(t.db, statements),
      decider: pool,
      ownerId: 'notice-test',
      liveMatches: 0,
      games: ['connect4'],
      moveDelayMs: 0,
      botMoveTimeoutMs: MOVE_TIMEOUT_MS,
      scheduler,
    });
    await runner.sweep();
    const [matchId = ''] = runner.ownedMatches();
    const { rows } = await t.db.query<{ first_agent_id: string; second_agent_id: string }>(
      'select first_agent_id, second_agent_id from matches where id = $1',
      [matchId],
    );
    const seats = [rows[0]?.first_agent_id ?? '', rows[0]?.second_agent_id ?? ''];
    expect(seats.toSorted()).toEqual(bots.toSorted());
    // The first turn reads the row: the first bot is to move.
    expect(await runner.playMove(matchId)).toBe(true);

    const move = async (ply: number) => {
      const botId = seats[(ply - 1) % 2] ?? '';
      const answer = await recordBotMove(t.db, {
        matchId,
        botId,
        tokenHash: botId,
        ply,
        move: '4',
        now: new Date(t.clock.now()),
        moveTimeoutMs: MOVE_TIMEOUT_MS,
      });
      expect(answer).toMatchObject({ ply, moves: '4'.repeat(ply) });
      // This match's notices only: on PostgreSQL the channel is the server's, shared with the
      // test files running beside this one (each in its own schema).
      const latest = () => notices.filter((notice) => notice.matchId === matchId).at(-1);
      await expect.poll(() => latest()?.played?.moves).toBe('4'.repeat(ply));
      return latest();
    };

    const told = await move(1);
    runner.wake(matchId, told?.played);
    statements.length = 0;
    // The second bot's turn: the notice said all the wait needs; nothing is read.
    expect(await runner.playMove(matchId)).toBe(true);
    expect(statements.map((statement) => statement.sql)).toEqual([]);

    // A move whose notice this runner never got: the next turn reads the row, and finds it.
    await move(2);
    statements.length = 0;
    expect(await runner.playMove(matchId)).toBe(true);
    expect(statements.filter((statement) => /from matches m/.test(statement.sql))).toHaveLength(1);

    // A told row is used once: a later turn without a new notice reads the row again.
    runner.wake(matchId, (await move(3))?.played);
    expect(await runner.playMove(matchId)).toBe(true);
    statements.length = 0;
    expect(await runner.playMove(matchId)).toBe(true);
    expect(statements.filter((statement) => /from matches m/.test(statement.sql))).toHaveLength(1);
    await runner.stop();
  });

  it('reads a bare match id as a notice that tells nothing, and drops what is not a notice', () => {
    expect(parseBotMoveNotice('m-1')).toEqual({ matchId: 'm-1' });
    expect(parseBotMoveNotice('')).toBeNull();
    expect(parseBotMoveNotice('{"matchId":"m-1","moves":"4"}')).toBeNull();
    expect(parseBotMoveNotice('{oops')).toBeNull();
  });
});

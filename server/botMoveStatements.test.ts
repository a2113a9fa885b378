import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BotTestKit, bearer } from './testing/botTestKit.ts';
import type { RecordedStatement } from './testing/statementRecorder.ts';
import { testDatabaseKinds } from './testing/testDatabase.ts';

/**
 * What the bot's move itself issues: the statements a bot's open stream sends on its own
 * (reading its log when woken, renewing its heartbeat) run beside the move at their own times.
 */
const isStreamStatement = (statement: RecordedStatement) =>
  /from bot_events\s+where bot_id/.test(statement.sql) ||
  /online_until|bot_streams/.test(statement.sql) ||
  // The moves' rate limit prunes quiet callers' windows once a minute, beside the move.
  /delete from rate_limit_windows/.test(statement.sql);

// The statements an accepted bot move costs, pinned: a regression that re-reads rows the move
// already has, looks the token up per move, or writes moves arriving together one by one, fails
// here.
describe.each(testDatabaseKinds())('statements of a bot move on %s', (kind) => {
  const statements: RecordedStatement[] = [];
  const kit = new BotTestKit(kind, {}, statements);
  beforeAll(() => kit.start());
  afterAll(() => kit.close());

  const movesOf = async (token: string, matchId: string, ply: number, move: string) => {
    statements.length = 0;
    const response = await kit.postMove(token, matchId, { ply, move });
    expect(response.statusCode).toBe(200);
    return statements.filter((statement) => !isStreamStatement(statement));
  };

  it('costs the lock and the write, and the token look-up only on its first move', async () => {
    const game = await kit.botInMatch();
    const ply = await kit.untilBotTurn(game);
    const first = await movesOf(game.token, game.matchId, ply, '4');
    // This process has not seen the token on a move yet: one look-up; nor the bot's rate limit:
    // one reservation of a block of its moves (shared by every process), then the two.
    expect(first).toHaveLength(4);
    expect(first[1]?.sql).toMatch(/insert into rate_limit_windows/);
    expect(first[2]?.sql).toMatch(/for update of m/);
    expect(first[3]?.sql).toMatch(/insert into match_moves/);

    expect(await game.runner.playMove(game.matchId)).toBe(true);
    const second = await movesOf(game.token, game.matchId, ply + 2, '4');
    expect(
      second.map(
        (statement) => statement.sql.match(/for update of m|insert into match_moves/)?.[0],
      ),
    ).toEqual(['for update of m', 'insert into match_moves']);
  });

  it('writes the moves of several matches arriving together in one lock and one write', async () => {
    const games = [await kit.botInMatch(), await kit.botInMatch(), await kit.botInMatch()];
    const plies: number[] = [];
    for (const game of games) {
      const ply = await kit.untilBotTurn(game);
      // Each token's first move looks it up; the moves measured below find it remembered.
      await movesOf(game.token, game.matchId, ply, '4');
      expect(await game.runner.playMove(game.matchId)).toBe(true);
      plies.push(ply + 2);
    }
    statements.length = 0;
    const answers = await Promise.all(
      games.map((game, index) =>
        kit.postMove(game.token, game.matchId, { ply: plies[index], move: '4' }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    const moveStatements = statements.filter((statement) => !isStreamStatement(statement));
    const count = (pattern: RegExp) =>
      moveStatements.filter((statement) => pattern.test(statement.sql)).length;
    // The first move is written at once, alone; those arriving while it commits go together.
    // One at a time, they would lock and write three times.
    expect(count(/for update of m/)).toBeLessThan(3);
    expect(count(/insert into match_moves/)).toBeLessThan(3);
  });

  it('refuses the move of a token revoked since it was remembered, in the move’s transaction', async () => {
    const game = await kit.botInMatch();
    const ply = await kit.untilBotTurn(game);
    await movesOf(game.token, game.matchId, ply, '4');
    expect(await game.runner.playMove(game.matchId)).toBe(true);
    const { cookie } = await kit.newUser();
    expect(cookie).not.toBe('');
    // The owner revokes it through the database the app uses; the process's memory still has
    // the token (its notification may come later), and the move must still be refused.
    await kit.t.db.query('update bots set token_hash = null where agent_id = $1', [game.botId]);
    const refused = await kit.postMove(game.token, game.matchId, { ply: ply + 2, move: '4' });
    expect(refused.statusCode).toBe(401);
    const me = await kit.send('GET', '/api/bot/me', bearer(game.token));
    expect(me.statusCode).toBe(401);
  });
});

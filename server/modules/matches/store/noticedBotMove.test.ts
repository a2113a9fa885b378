import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameOf } from '#core/games/registry.ts';
import type { Database } from '#server/db/database.ts';
import { openTestDatabase, testDatabaseKinds } from '#server/testing/testDatabase.ts';
import { botMoveNoticePayload, parseBotMoveNotice } from './botMoveNotice.ts';
import { insertMatch } from './matchCreation.ts';
import { noticedBotMove } from './noticedBotMove.ts';

const RUNNER = 'runner-host:8090';

describe.each(testDatabaseKinds())('a bot move read back from its notice on %s', (kind) => {
  let db: Database;
  beforeAll(async () => {
    db = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await db?.close();
  });

  /** A match of connect4 played by `owner`, and the notice of a bot's third move in it. */
  const noticeIn = async (owner: string) => {
    const suffix = randomUUID();
    const [first, second] = [`first-${suffix}`, `second-${suffix}`];
    for (const agent of [first, second]) {
      await db.query(`insert into agents (id, name, traits) values ($1, $1, '{}')`, [agent]);
    }
    const id = `match-${suffix}`;
    const now = new Date();
    await db.transaction((tx) =>
      insertMatch(
        tx,
        { id, game: 'connect4', firstId: first, secondId: second, seed: 1, owner },
        now,
        new Date(now.getTime() + 60_000),
      ),
    );
    const moves = gameOf('connect4').encodeMoves(['3', '4', '2']);
    const payload = botMoveNoticePayload(id, {
      moves,
      turnStartedAt: now.toISOString(),
      over: false,
    });
    const notice = parseBotMoveNotice(payload)!;
    return { id, notice };
  };

  it('gives the runner playing the match the move to judge: its ply, the moves before it', async () => {
    const { id, notice } = await noticeIn(RUNNER);
    expect(await noticedBotMove(db, RUNNER, notice.matchId, notice.played!)).toEqual({
      matchId: id,
      game: 'connect4',
      ply: 3,
      movesBefore: gameOf('connect4').encodeMoves(['3', '4']),
      move: '2',
    });
  });

  it('leaves another runner’s match to that runner', async () => {
    const { notice } = await noticeIn('another-host:8091');
    expect(await noticedBotMove(db, RUNNER, notice.matchId, notice.played!)).toBeNull();
  });
});

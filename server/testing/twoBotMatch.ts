import { MatchRunner } from '#server/modules/matches/runner/matchRunner.ts';
import type { Scheduler } from '#server/modules/matches/runner/scheduler.ts';
import type { DecisionPool } from '#server/modules/matches/runner/workerPool.ts';
import type { BotMoveRequest, StoredMove } from '#server/modules/matches/store/botMoves.ts';
import { insertOwnedAgent, signInUsers } from './economyFixtures.ts';
import type { TestApp } from './testApp.ts';

/** A match of two bots, and its moves as the bot API hands them to the store. */
export interface TwoBotMatch {
  matchId: string;
  /** The bots in playing order. */
  seats: string[];
  /** A move at `ply` by the bot whose turn it is (or the one at `seat`). */
  move(
    ply: number,
    column: string,
    options?: { seat?: number; onStored?: (move: StoredMove) => void },
  ): BotMoveRequest;
}

/**
 * A new announced Connect Four match between two new bots of two owners, the only agents left
 * to pair (every other agent hidden, every other match cancelled), created by a runner's sweep
 * that is then stopped. Each bot's token hash is its id, so a move may be recorded straight
 * through the store.
 */
export async function startTwoBotMatch(
  t: TestApp,
  decider: DecisionPool,
  moveTimeoutMs: number,
): Promise<TwoBotMatch> {
  await t.db.query(`update matches set status = 'cancelled' where status in ('scheduled', 'live')`);
  await t.db.query('update agents set hidden = true');
  const [first = '', second = ''] = (await signInUsers(t.app, 2)).map((user) => user.userId);
  const onlineUntil = new Date(t.clock.now() + 60_000);
  const bots = [
    await insertOwnedAgent(t.db, first, 'bot', onlineUntil),
    await insertOwnedAgent(t.db, second, 'bot', onlineUntil),
  ];
  await t.db.query('update bots set token_hash = agent_id where agent_id = any($1)', [bots]);
  const scheduler: Scheduler = {
    now: () => t.clock.now(),
    setTimeout: () => null,
    clearTimeout: () => {},
  };
  const runner = new MatchRunner({
    db: t.db,
    decider,
    ownerId: 'two-bots',
    liveMatches: 0,
    games: ['connect4'],
    moveDelayMs: 0,
    botMoveTimeoutMs: moveTimeoutMs,
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
  return {
    matchId,
    seats,
    move: (ply, column, options = {}) => {
      const botId = seats[options.seat ?? (ply - 1) % 2] ?? '';
      return {
        matchId,
        botId,
        tokenHash: botId,
        ply,
        move: column,
        now: new Date(t.clock.now()),
        moveTimeoutMs,
        ...(options.onStored ? { onStored: options.onStored } : {}),
      };
    },
  };
}

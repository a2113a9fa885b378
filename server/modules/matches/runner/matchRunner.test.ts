import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createRandom } from '#core/agents/random.ts';
import { GAME_IDS, type GameId } from '#core/games/gameIds.ts';
import { gameOf } from '#core/games/registry.ts';
import { replay } from '#core/games/replay.ts';
import type { MatchMove } from '#core/protocol/matchMoves.ts';
import type { Database } from '#server/db/database.ts';
import { findMatch, listMoves } from '#server/modules/matches/store/matchStore.ts';
import { manualScheduler } from '#server/testing/manualScheduler.ts';
import { insertQuickAgents } from '#server/testing/testAgents.ts';
import { openTestDatabase, testDatabaseKinds } from '#server/testing/testDatabase.ts';
import { MatchRunner } from './matchRunner.ts';
import type { Scheduler } from './scheduler.ts';
import { DecisionPool } from './workerPool.ts';

/** Live matches of each game. */
async function liveCount(db: Database): Promise<Record<string, number>> {
  const { rows } = await db.query<{ game: string; count: number }>(
    `select game, count(*)::int as count from matches where status = 'live' group by game`,
  );
  return Object.fromEntries(rows.map((row) => [row.game, row.count]));
}

/** `count` live matches of every game. */
const everyGame = (count: number) => Object.fromEntries(GAME_IDS.map((game) => [game, count]));

/** How many moves a match has stored. */
async function pliesOf(db: Database, matchId: string): Promise<number> {
  const match = await findMatch(db, matchId);
  return match ? gameOf(match.game).decodeMoves(match.moves).length : -1;
}

/**
 * The move that ended a game was judged and stored with it, and its verdict's value after the
 * move is how the game really ended for its mover: a solve that short always finishes.
 */
function expectLastVerdictTellsTheEnd(
  game: GameId,
  finished: { result: string | null; moves: string },
  last: MatchMove,
): void {
  const mover = gameOf(game).decodeMoves(finished.moves).length % 2 === 1 ? 'first' : 'second';
  const result = finished.result === 'draw' ? 'draw' : finished.result === mover ? 'win' : 'loss';
  const verdict = last.verdict;
  // Checkers judges exactly only the endgames the search proves; elsewhere by winning chances,
  // where a move that wins outright is a proven win: 100%. A draw by the move limit is not one.
  if (verdict?.unit === 'chances') {
    if (result === 'win') expect(verdict.played).toBe(100);
    return;
  }
  expect(verdict?.played.result).toBe(result);
  if (game === 'connect4' && result === 'win') {
    expect(last.verdict).toMatchObject({ grade: 'best', played: { result: 'win', by: 1 } });
  }
}

let pool: DecisionPool;
beforeAll(async () => {
  pool = new DecisionPool(1);
  // The thread loads tsx and every game before its first search (10 s at load average 20): that
  // is set-up's time, not the first test's.
  await pool.loaded();
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
    await db.query('delete from agent_ratings');
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
      // Verdicts are checked here, so no clock may cut one short: the judges' node budgets bound
      // them. With 2 s, a judge on a nice-19 thread under CI's load once missed the game-ending
      // move's verdict, which is absent by design when its time runs out.
      verdictBudgetMs: 600_000,
      scheduler,
      // The same pairings and seeds, so the same games, on every run: their judging is the work
      // of the first test, and a random draw once gave it a checkers ending judged for minutes.
      random: createRandom(27),
    });
  }

  it('keeps LIVE_MATCHES of every game going: each finished match is rated in its game and replaced', async () => {
    const clock = manualScheduler(Date.parse('2026-01-01T00:00:00Z'));
    const matches = runner('process-a', clock);
    await matches.sweep();
    expect(await liveCount(db)).toEqual(everyGame(3));
    for (const game of GAME_IDS) {
      const owned = await Promise.all(matches.ownedMatches().map((id) => findMatch(db, id)));
      const first = owned.find((match) => match?.game === game)?.id;
      expect(first).toBeDefined();
      let moves = 0;
      while (await matches.playMove(first!)) {
        moves++;
        clock.advance(1000);
      }
      const finished = await findMatch(db, first!);
      expect(finished?.status).toBe('finished');
      expect(finished?.result).toMatch(/^(first|second|draw)$/);
      expect(finished?.result_reason).toMatch(/^[a-z-]+$/);
      // What was stored replays by the game's rules to the outcome that ended it.
      const definition = gameOf(game);
      const replayed = replay(definition, finished!.moves);
      expect(replayed.moves).toHaveLength(moves + 1);
      expect(definition.outcome(replayed.state)).toMatchObject({ status: 'finished' });
      const turns = await listMoves(db, first!);
      expect(turns.map((turn) => turn.move)).toEqual(replayed.moves);
      expect(turns.map((turn) => turn.ply)).toEqual(turns.map((_, index) => index + 1));
      expectLastVerdictTellsTheEnd(game, finished!, turns.at(-1)!);
      const { rows: history } = await db.query(
        'select agent_id from rating_history where match_id = $1 and game = $2',
        [first, game],
      );
      expect(history).toHaveLength(2);
      const { rows: records } = await db.query<{ games: number }>(
        'select sum(wins + losses + draws)::int as games from agent_ratings where game = $1',
        [game],
      );
      expect(records[0]?.games).toBe(2);
    }
    const { rows: overall } = await db.query<{ games: number }>(
      'select sum(wins + losses + draws)::int as games from agents',
    );
    expect(overall[0]?.games).toBe(2 * GAME_IDS.length);

    expect(await liveCount(db)).toEqual(everyGame(2));
    await matches.sweep();
    expect(await liveCount(db)).toEqual(everyGame(3));
    // The work is one whole match of each game, the same three every run (the seeded draw), with
    // every move judged to its node budget (no clock cuts a verdict here): 11–15 s on a quiet
    // machine (2026-12-02), four to five times that under a fresh-clone CI run's load. Random
    // draws ran 21–78 s at load 6, and one, a checkers ending judged at a million positions a
    // move before CHECKERS_VERDICT_NODES fell to a quarter of that, passed 300 s in CI.
  }, 300_000);

  it('never lets two processes play the same match, and hands over expired leases', async () => {
    const clockA = manualScheduler(Date.parse('2026-01-01T00:00:00Z'));
    const clockB = manualScheduler(Date.parse('2026-01-01T00:00:00Z'));
    const a = runner('process-a', clockA, 2);
    const b = runner('process-b', clockB, 2);
    await Promise.all([a.sweep(), b.sweep()]);
    expect(await liveCount(db)).toEqual(everyGame(2));
    const ownedA = a.ownedMatches();
    const ownedB = b.ownedMatches();
    expect(ownedA.length + ownedB.length).toBe(2 * GAME_IDS.length);
    expect(ownedA.filter((id) => ownedB.includes(id))).toEqual([]);

    // Both try to play every match at once: only the owner's moves are stored.
    const all = [...ownedA, ...ownedB];
    const played = await Promise.all(all.flatMap((id) => [a.playMove(id), b.playMove(id)]));
    expect(played.filter(Boolean)).toHaveLength(2 * GAME_IDS.length);
    for (const id of all) expect(await pliesOf(db, id)).toBe(1);

    // A's leases run out (it stopped renewing): B takes its matches over and A can no longer move.
    clockB.advance(60_000);
    await b.sweep();
    expect(b.ownedMatches().sort()).toEqual([...all].sort());
    for (const id of ownedA) {
      expect(await a.playMove(id)).toBe(false);
      expect(await b.playMove(id)).toBe(true);
      expect(await pliesOf(db, id)).toBe(2);
    }
  });
});

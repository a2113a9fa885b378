import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRandom } from '#core/agents/random.ts';
import {
  CONNECT4_LATE_VERDICT_NODES,
  exactVerdictDueLater,
  LATE_VERDICT_BUDGET_MS,
  OTHELLO_LATE_VERDICT_NODES,
} from '#core/games/lateVerdict.ts';
import { discCounts, legalMoves, stateOfMoves } from '#core/games/othello/position.ts';
import { encodeMoves, PASS } from '#core/games/othello/squares.ts';
import type { MoveVerdictData } from '#core/protocol/moveVerdict.ts';
import type { Database } from './db/database.ts';
import { findAgentRows } from './db/stores/agentStore.ts';
import { MATCH_CHANNEL, matchNotificationSchema } from './events/matchChannel.ts';
import { type EngineMoveContext, playEngineMove } from './modules/matches/runner/engineMove.ts';
import { LateMoveJudge } from './modules/matches/runner/lateMoveJudge.ts';
import { DecisionPool } from './modules/matches/runner/workerPool.ts';
import type { StoredMove } from './modules/matches/store/botMoves.ts';
import { storeLateVerdict } from './modules/matches/store/lateVerdict.ts';
import { lateVerdictsDue } from './modules/matches/store/lateVerdictsDue.ts';
import { insertHouseAgents, insertOwnedAgent } from './testing/economyFixtures.ts';
import { openTestDatabase, testDatabaseKinds } from './testing/testDatabase.ts';

/** A seeded random Othello game up to `empties` empty squares, with a move (not a pass) due. */
function othelloMovesTo(empties: number, seed: number): string[] {
  const random = createRandom(seed);
  const moves: string[] = [];
  for (;;) {
    const state = stateOfMoves(moves);
    const { mover, other } = discCounts(state);
    const legal = legalMoves(state);
    if (64 - mover - other <= empties && !legal.includes(PASS)) return moves;
    moves.push(legal[Math.floor(random() * legal.length)]!);
  }
}

async function verdictAt(db: Database, matchId: string, ply: number) {
  const { rows } = await db.query<{ verdict: MoveVerdictData | null }>(
    'select verdict from match_moves where match_id = $1 and ply = $2',
    [matchId, ply],
  );
  return rows[0]?.verdict ?? null;
}

/**
 * Verdicts as the judges store them: from winning chances, and exact. The chances one searched
 * 20 plies, all there are at 20 empties, so no chances verdict of a judge is deeper.
 */
const chancesVerdict: MoveVerdictData = {
  grade: 'good',
  exact: false,
  unit: 'chances',
  best: 55,
  played: 50,
  depth: 20,
};
const exactVerdict: MoveVerdictData = {
  grade: 'best',
  exact: true,
  unit: 'discs',
  best: { result: 'win', by: 4 },
  played: { result: 'win', by: 4 },
};

describe('exact verdicts given after an engine’s move', () => {
  it('are due in Othello from 20 empties where the move’s own verdict was not exact', () => {
    const empties = (moves: string[]) => {
      const { mover, other } = discCounts(stateOfMoves(moves));
      return 64 - mover - other;
    };
    const to20 = othelloMovesTo(20, 3);
    const at21 = othelloMovesTo(21, 3);
    expect([empties(to20), empties(at21)]).toEqual([20, 21]);
    const at20 = encodeMoves(to20);
    expect(exactVerdictDueLater('othello', at20, null)).toBe(true);
    expect(exactVerdictDueLater('othello', at20, { exact: false })).toBe(true);
    expect(exactVerdictDueLater('othello', at20, { exact: true })).toBe(false);
    expect(exactVerdictDueLater('othello', encodeMoves(at21), null)).toBe(false);
    // a pass fills no square: 21 empties with one in the list are still 21
    const withPass = [...at21.slice(0, 10), PASS, ...at21.slice(10)];
    expect(exactVerdictDueLater('othello', encodeMoves(withPass), null)).toBe(false);
    expect(exactVerdictDueLater('connect4', '4444', null)).toBe(false);
  });

  it('are due in Connect Four from ply 8 where the move’s own verdict was not exact', () => {
    expect(exactVerdictDueLater('connect4', '1234567', null)).toBe(false);
    expect(exactVerdictDueLater('connect4', '12345671', null)).toBe(true);
    expect(exactVerdictDueLater('connect4', '12345671', { exact: false })).toBe(true);
    expect(exactVerdictDueLater('connect4', '12345671', { exact: true })).toBe(false);
    expect(exactVerdictDueLater('checkers', '', null)).toBe(false);
  });
});

describe.each(testDatabaseKinds())('late exact verdicts on %s', (kind) => {
  let db: Database;
  let pool: DecisionPool;
  let latePool: DecisionPool;
  // longer than a test waits, so no search here ends on its safety stop
  const NO_STOP_MS = 600_000;
  beforeAll(async () => {
    db = await openTestDatabase(kind);
    await insertHouseAgents(db);
    pool = new DecisionPool(1);
    latePool = new DecisionPool(1);
  }, 60_000);
  afterAll(async () => {
    await Promise.all([pool?.close(), latePool?.close()]);
    await db?.close();
  });

  /**
   * An engine's move after `moves` in a live match of `game`, played with a millisecond for its
   * verdict (no exact solve, no time for chances); returns the match, the move's ply and what it
   * handed to be judged later.
   */
  const hurriedMove = async (game: 'connect4' | 'othello', moves: string, plies: number) => {
    const matchId = randomUUID();
    await db.query(
      `insert into matches (id, game, status, first_agent_id, second_agent_id, first_rating,
         second_rating, seed, moves, started_at, starts_at, owner, lease_until)
       values ($1, $3, 'live', 'house-a', 'house-b', 1500, 1500, 1, $2, now(), now(),
         'late-test', now() + interval '1 hour')`,
      [matchId, moves, game],
    );
    const later: StoredMove[] = [];
    const context: EngineMoveContext = {
      db,
      decider: pool,
      ownerId: 'late-test',
      leaseMs: 3_600_000,
      now: Date.now,
      botMoveTimeoutMs: 10_000,
      verdictBudgetMs: 1,
      judgeLater: (move) => later.push(move),
    };
    const [agent] = await findAgentRows(db, [plies % 2 === 0 ? 'house-a' : 'house-b']);
    const ply = plies + 1;
    const played = await playEngineMove(
      context,
      { id: matchId, game, moves, seed: 5 },
      agent!,
      ply,
    );
    expect(played).not.toBe(false);
    expect(later).toEqual([{ matchId, game, ply, movesBefore: moves, move: expect.any(String) }]);
    expect((await verdictAt(db, matchId, ply))?.exact ?? false).toBe(false);
    return { matchId, ply, later };
  };

  it('an Othello move at 20 empties judged in a hurry gets its exact verdict once stored', async () => {
    const before = othelloMovesTo(20, 11);
    const { matchId, ply, later } = await hurriedMove(
      'othello',
      encodeMoves(before),
      before.length,
    );

    const judge = new LateMoveJudge({
      db,
      judge: (job) => latePool.judge({ ...job, exactNodes: OTHELLO_LATE_VERDICT_NODES }),
      // The solve ends on its nodes, not its 20 s stop (LATE_VERDICT_BUDGET_MS): its thread
      // runs at nice 19, and beside four busy loops at nice 0 it had not finished in 20 s. The
      // test then takes 104 s (65 s beside two loops, 1.5 s alone), hence its five minutes.
      budgetMs: NO_STOP_MS,
    });
    for (const move of later) judge.enqueue(move);
    await judge.idle();
    expect(judge.counts).toMatchObject({ stored: 1, failed: 0 });
    const late = await verdictAt(db, matchId, ply);
    expect(late).toMatchObject({ exact: true, unit: 'discs' });

    // An exact verdict is final: nothing takes its place, exact or not.
    const chances: MoveVerdictData = {
      grade: 'good',
      exact: false,
      unit: 'chances',
      best: 60,
      played: 55,
    };
    const move = later[0]!.move;
    expect(await storeLateVerdict(db, { matchId, ply, move, verdict: chances })).toBe(false);
    expect(await storeLateVerdict(db, { matchId, ply, move, verdict: late! })).toBe(false);
    expect(await verdictAt(db, matchId, ply)).toEqual(late);
  }, 300_000);

  it('a Connect Four move from ply 8 judged in a hurry gets its exact verdict once stored, as Pons’ solver values it', async () => {
    // 8 stones, first to move: no solve within the quick budget (6 M nodes), one within the late.
    const moves = '44433312';
    // Pons' c4solver (master) on each column played: the score for the side to move after it.
    const ponsAfter: Record<string, number> = { 1: 2, 2: 4, 3: -2, 4: 0, 5: 1, 6: 4, 7: 2 };
    // Pons' scale to plies from before the move (the mover has 4 stones, so has the other after
    // it): the winner's last stone is its (22 - |score|)th.
    const ponsValue = (score: number) =>
      score === 0
        ? { result: 'draw', by: 0 }
        : score < 0
          ? { result: 'win', by: 2 * (18 + score) - 1 }
          : { result: 'loss', by: 2 * (18 - score) };
    const { matchId, ply, later } = await hurriedMove('connect4', moves, moves.length);

    const judge = new LateMoveJudge({
      db,
      judge: (job) => latePool.judge({ ...job, exactNodes: CONNECT4_LATE_VERDICT_NODES }),
      budgetMs: NO_STOP_MS,
    });
    for (const move of later) judge.enqueue(move);
    await judge.idle();
    expect(judge.counts).toMatchObject({ stored: 1, failed: 0 });
    const column = later[0]!.move;
    expect(await verdictAt(db, matchId, ply)).toMatchObject({
      exact: true,
      unit: 'plies',
      best: ponsValue(-2),
      played: ponsValue(ponsAfter[column]!),
    });
  }, 300_000);

  it('a move whose solve proves nothing is announced as keeping its verdict, so no watcher waits for it', async () => {
    const before = othelloMovesTo(20, 11);
    const move = legalMoves(stateOfMoves(before))[0]!;
    const matchId = randomUUID();
    const ply = before.length + 1;
    await db.query(
      `insert into matches (id, game, status, first_agent_id, second_agent_id, first_rating,
         second_rating, seed, moves, started_at, starts_at, ended_at, result, result_reason)
       values ($1, 'othello', 'finished', 'house-a', 'house-b', 1500, 1500, 1, $2, now(), now(),
         now(), 'first', 'resign')`,
      [matchId, encodeMoves([...before, move])],
    );
    await db.query(
      `insert into match_moves (match_id, ply, move, agent_id, trace, played_at, verdict)
       values ($1, $2, $3, 'house-a', '{}', now(), $4)`,
      [matchId, ply, move, JSON.stringify(chancesVerdict)],
    );
    // This match's notifications only: on PostgreSQL the channel is the server's, shared with
    // the test files running beside this one (a CI run heard another's pools and a cancellation).
    const heard: unknown[] = [];
    const unlisten = await db.listen(MATCH_CHANNEL, (payload) => {
      const notification = JSON.parse(payload) as {
        matchId?: unknown;
        event?: { matchId?: unknown };
      };
      if ((notification.event?.matchId ?? notification.matchId) === matchId)
        heard.push(notification);
    });
    try {
      const judge = new LateMoveJudge({
        db,
        // A thousand positions solve nothing at 20 empties: the judge comes back with chances.
        judge: (job) => latePool.judge({ ...job, exactNodes: 1_000 }),
        budgetMs: LATE_VERDICT_BUDGET_MS,
        announceKept: true,
      });
      judge.enqueue({ matchId, game: 'othello', ply, movesBefore: encodeMoves(before), move });
      await judge.idle();
      expect(judge.counts).toMatchObject({ stored: 0, unjudged: 1, failed: 0 });
      await expect
        .poll(() => heard)
        .toEqual([{ kind: 'verdict', event: { matchId, ply, verdict: chancesVerdict } }]);
      expect(matchNotificationSchema.parse(heard[0])).toEqual(heard[0]);
      expect(await verdictAt(db, matchId, ply)).toEqual(chancesVerdict);
    } finally {
      await unlisten();
    }
  });

  it('lets an exact verdict replace one from winning chances, and not the reverse', async () => {
    const matchId = randomUUID();
    await db.query(
      `insert into matches (id, game, status, first_agent_id, second_agent_id, first_rating,
         second_rating, seed, moves, started_at, starts_at)
       values ($1, 'othello', 'live', 'house-a', 'house-b', 1500, 1500, 1, '', now(), now())`,
      [matchId],
    );
    const chances: MoveVerdictData = {
      grade: 'mistake',
      exact: false,
      unit: 'chances',
      best: 60,
      played: 38,
    };
    await db.query(
      `insert into match_moves (match_id, ply, move, agent_id, trace, played_at, verdict)
       values ($1, 1, 'd3', 'house-a', '{}', now(), $2)`,
      [matchId, JSON.stringify(chances)],
    );
    const exact = exactVerdict;
    const late = { matchId, ply: 1, move: 'd3' };
    expect(await storeLateVerdict(db, { ...late, verdict: { ...chances, grade: 'best' } })).toBe(
      false,
    );
    expect(await storeLateVerdict(db, { ...late, verdict: exact })).toBe(true);
    expect(await verdictAt(db, matchId, 1)).toEqual(exact);
  });
});

// A watch page keeps its stream after the result while late verdicts are due (matchStream.ts):
// an engine-only match's exact Othello verdicts reached it only on reload.
describe.each(testDatabaseKinds())('late verdicts a stream waits for at the end, on %s', (kind) => {
  let db: Database;
  beforeAll(async () => {
    db = await openTestDatabase(kind);
    await insertHouseAgents(db);
  }, 60_000);
  afterAll(async () => {
    await db?.close();
  });

  it("are a bot's moves, and an engine's Othello moves from 20 empties until their verdict is exact", async () => {
    const moves = othelloMovesTo(16, 5);
    const {
      rows: [user],
    } = await db.query<{ id: string }>(
      `insert into users (address, nickname) values ($1, 'Owner') returning id::text as id`,
      [`0x${randomUUID().replaceAll('-', '').padEnd(40, '0')}`],
    );
    const botId = await insertOwnedAgent(db, user!.id, 'bot');
    const matchId = randomUUID();
    await db.query(
      `insert into matches (id, game, status, first_agent_id, second_agent_id, first_rating,
         second_rating, seed, moves, started_at, starts_at, ended_at, result)
       values ($1, 'othello', 'finished', 'house-a', $2, 1500, 1500, 1, $3, now(), now(), now(), 'first')`,
      [matchId, botId, encodeMoves(moves)],
    );
    // Empty squares before each ply, counted on the board (a pass fills none).
    const emptiesBefore = (ply: number) => {
      const { mover, other } = discCounts(stateOfMoves(moves.slice(0, ply - 1)));
      return 64 - mover - other;
    };
    // Every ply gets a verdict by rule: the second player's (the bot's) even plies alternate
    // between none and a chances one; the engine's odd plies cycle through chances, exact, none.
    const verdictOf = (ply: number): MoveVerdictData | null =>
      ply % 2 === 0
        ? ply % 4 === 0
          ? chancesVerdict
          : null
        : [chancesVerdict, exactVerdict, null][((ply - 1) / 2) % 3]!;
    for (const [index, move] of moves.entries()) {
      const ply = index + 1;
      const verdict = verdictOf(ply);
      await db.query(
        `insert into match_moves (match_id, ply, move, agent_id, trace, played_at, verdict)
         values ($1, $2, $3, $4, '{}', now(), $5)`,
        [matchId, ply, move, ply % 2 === 0 ? botId : 'house-a', verdict && JSON.stringify(verdict)],
      );
    }
    const plies = moves.map((_, index) => index + 1);
    const bots = plies.filter((ply) => ply % 2 === 0);
    const lateEngine = plies.filter((ply) => ply % 2 === 1 && emptiesBefore(ply) <= 20);
    expect(lateEngine.length).toBeGreaterThanOrEqual(2);
    const stored = (ply: number) => verdictOf(ply) !== null;

    const judgedPlies = (due: Awaited<ReturnType<typeof lateVerdictsDue>>) =>
      due.judged.map((event) => event.ply);
    // A process that judges no engine's move again waits for the bots' moves alone.
    const botsOnly = await lateVerdictsDue(db, matchId, false);
    expect(botsOnly.awaited).toEqual(bots.filter((ply) => !stored(ply)));
    expect(judgedPlies(botsOnly)).toEqual(bots.filter(stored));
    expect(botsOnly.judged[0]).toEqual({
      matchId,
      ply: bots.find(stored),
      verdict: chancesVerdict,
    });

    const withEngines = await lateVerdictsDue(db, matchId, true);
    const exactDone = (ply: number) => verdictOf(ply)?.exact === true;
    expect(withEngines.awaited).toEqual(
      plies.filter((ply) =>
        ply % 2 === 0 ? !stored(ply) : lateEngine.includes(ply) && !exactDone(ply),
      ),
    );
    expect(judgedPlies(withEngines)).toEqual(
      plies.filter((ply) =>
        ply % 2 === 0 ? stored(ply) : lateEngine.includes(ply) && exactDone(ply),
      ),
    );
    // Once the exact verdict lands on an engine's move, nothing more is awaited of it.
    const waiting = withEngines.awaited.find((ply) => ply % 2 === 1)!;
    expect(
      await storeLateVerdict(db, {
        matchId,
        ply: waiting,
        move: moves[waiting - 1]!,
        verdict: exactVerdict,
      }),
    ).toBe(true);
    const after = await lateVerdictsDue(db, matchId, true);
    expect(after.awaited).not.toContain(waiting);
    expect(after.judged).toContainEqual({ matchId, ply: waiting, verdict: exactVerdict });
  });
});

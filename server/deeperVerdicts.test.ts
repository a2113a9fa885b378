import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRandom } from '#core/agents/random.ts';
import type { MoveTrace } from '#core/games/definition.ts';
import { DEEPER_VERDICT_MAX_NODES, deeperVerdictDueLater } from '#core/games/lateVerdict.ts';
import { legalMoves, stateOfMoves } from '#core/games/othello/position.ts';
import { encodeMoves, PASS } from '#core/games/othello/squares.ts';
import type { MoveVerdictData } from '#core/protocol/moveVerdict.ts';
import type { Database } from './db/database.ts';
import { findAgentRows } from './db/stores/agentStore.ts';
import { type EngineMoveContext, playEngineMove } from './modules/matches/runner/engineMove.ts';
import { type LateJudgement, LateMoveJudge } from './modules/matches/runner/lateMoveJudge.ts';
import { DecisionPool } from './modules/matches/runner/workerPool.ts';
import { insertHouseAgents } from './testing/economyFixtures.ts';
import { openTestDatabase, testDatabaseKinds } from './testing/testDatabase.ts';

describe('deeper verdicts due after a move', () => {
  it('are due where the verdict searched no deeper than the mover: one depth past it', () => {
    const trace = { depth: 9, nodes: 1_000_000 };
    const due = { chancesDepth: 10, chancesNodes: 8_000_000 };
    expect(deeperVerdictDueLater({ exact: false, depth: 5 }, trace)).toEqual(due);
    expect(deeperVerdictDueLater({ exact: false, depth: 9 }, trace)).toEqual(due);
    // a verdict stored before depths were recorded counts as the shallowest
    expect(deeperVerdictDueLater({ exact: false }, trace)).toEqual(due);
    expect(deeperVerdictDueLater({ exact: false, depth: 10 }, trace)).toBeNull();
    expect(deeperVerdictDueLater({ exact: true }, trace)).toBeNull();
    expect(deeperVerdictDueLater(null, trace)).toBeNull();
    expect(
      deeperVerdictDueLater({ exact: false, depth: 3 }, { ...trace, proven: true }),
    ).toBeNull();
    const top = deeperVerdictDueLater({ exact: false, depth: 6 }, { depth: 12, nodes: 20_000_000 });
    expect(top).toEqual({ chancesDepth: 13, chancesNodes: DEEPER_VERDICT_MAX_NODES });
  });
});

/** Sixteen seeded random Othello moves, with a move (not a pass) due after them. */
function othelloOpening(seed: number): string[] {
  const random = createRandom(seed);
  const moves: string[] = [];
  while (moves.length < 16 || legalMoves(stateOfMoves(moves)).includes(PASS)) {
    const legal = legalMoves(stateOfMoves(moves));
    moves.push(legal[Math.floor(random() * legal.length)]!);
  }
  return moves;
}

describe.each(testDatabaseKinds())('deeper chances verdicts on %s', (kind) => {
  let db: Database;
  let pool: DecisionPool;
  // At a search's priority here: in the idle class (as app.ts runs it) a test sharing the
  // machine with others would wait on their load. The class is workerPool.test.ts's.
  let deepPool: DecisionPool;
  beforeAll(async () => {
    db = await openTestDatabase(kind);
    await insertHouseAgents(db);
    await db.query(
      `insert into agents (id, name, traits, kind) values ('deep-top', 'deep-top', $1, 'builtin')
       on conflict (id) do nothing`,
      [JSON.stringify({ skill: 10, style: 'balanced', risk: 0, thinkTimeMs: 100 })],
    );
    pool = new DecisionPool(1);
    deepPool = new DecisionPool(1);
  }, 60_000);
  afterAll(async () => {
    await Promise.all([pool?.close(), deepPool?.close()]);
    await db?.close();
  });

  // Every search here ends on its node budget, never on its safety stop: search threads run at
  // nice 19, and in a fresh-clone CI run whose other test files held both cores, deep-top's
  // 600 ms stop (twice its think time, then 300 ms) cut its search to depth 3, below the live
  // verdict's 6, so its move went to no later judge. Longer than the test waits, the stops decide
  // no outcome; at 100 ms deep-top's 100,000 nodes (depth 7) and the deeper judge's 800,000
  // (depth 8) take a third of the CPU they did, so the test ends within its time beside four
  // busy loops at nice 0 (20-30 s where it timed out).
  const NO_STOP_MS = 600_000;
  const nodeBoundDecider: EngineMoveContext['decider'] = {
    decide: (job) => pool.decide({ ...job, budgetMs: NO_STOP_MS }),
    judge: (job) => pool.judge(job),
  };

  /** Plays `agentId`'s move after `before` in a new live match; returns what it stored. */
  async function playOne(agentId: string, before: string[]) {
    const matchId = randomUUID();
    const [first, second] = before.length % 2 === 0 ? [agentId, 'house-b'] : ['house-a', agentId];
    await db.query(
      `insert into matches (id, game, status, first_agent_id, second_agent_id, first_rating,
         second_rating, seed, moves, started_at, starts_at, owner, lease_until)
       values ($1, 'othello', 'live', $2, $3, 1500, 1500, 1, $4, now(), now(),
         'deeper-test', now() + interval '1 hour')`,
      [matchId, first, second, encodeMoves(before)],
    );
    const later: LateJudgement[] = [];
    const context: EngineMoveContext = {
      db,
      decider: nodeBoundDecider,
      ownerId: 'deeper-test',
      leaseMs: 3_600_000,
      now: Date.now,
      botMoveTimeoutMs: 10_000,
      verdictBudgetMs: NO_STOP_MS,
      judgeLater: (move) => later.push(move),
    };
    const [agent] = await findAgentRows(db, [agentId]);
    const ply = before.length + 1;
    const played = await playEngineMove(
      context,
      { id: matchId, game: 'othello', moves: encodeMoves(before), seed: 5 },
      agent!,
      ply,
    );
    expect(played).not.toBe(false);
    const { rows } = await db.query<{ verdict: MoveVerdictData; trace: MoveTrace }>(
      'select verdict, trace from match_moves where match_id = $1 and ply = $2',
      [matchId, ply],
    );
    return { matchId, ply, later, ...rows[0]! };
  }

  it("judges a top agent's move again past its own depth, and that verdict takes the live one's place", async () => {
    const before = othelloOpening(21);
    const { matchId, ply, later, verdict, trace } = await playOne('deep-top', before);
    expect(verdict).toMatchObject({ exact: false, unit: 'chances' });
    // The live judge's 40,000 positions reach less deep than the top agent's own search.
    expect(verdict.exact === false && verdict.depth).toBeLessThanOrEqual(trace.depth);
    const chancesDepth = trace.depth + 1;
    expect(later).toEqual([
      {
        matchId,
        game: 'othello',
        ply,
        movesBefore: encodeMoves(before),
        move: trace.chosen,
        deeper: { chancesDepth, chancesNodes: expect.any(Number) },
      },
    ]);

    const judge = new LateMoveJudge({
      db,
      judge: (job) => deepPool.judge(job),
      budgetMs: NO_STOP_MS,
    });
    judge.enqueue(later[0]!);
    await judge.idle();
    expect(judge.counts).toMatchObject({ stored: 1, failed: 0 });
    const { rows } = await db.query<{ verdict: MoveVerdictData }>(
      'select verdict from match_moves where match_id = $1 and ply = $2',
      [matchId, ply],
    );
    expect(rows[0]?.verdict).toMatchObject({ exact: false, depth: chancesDepth });
  }, 120_000);

  it("leaves a weak agent's move with its live verdict, already deeper than the agent looked", async () => {
    const { later, verdict, trace } = await playOne('house-a', othelloOpening(22).slice(0, 16));
    expect(verdict.exact === false && verdict.depth).toBeGreaterThan(trace.depth);
    expect(later).toEqual([]);
  }, 60_000);
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRandom } from '../core/agents/random.ts';
import {
  exactVerdictDueLater,
  LATE_VERDICT_BUDGET_MS,
  OTHELLO_LATE_VERDICT_NODES,
} from '../core/games/lateVerdict.ts';
import { discCounts, legalMoves, stateOfMoves } from '../core/games/othello/position.ts';
import { encodeMoves, PASS } from '../core/games/othello/squares.ts';
import type { MoveVerdictData } from '../core/protocol/moveVerdict.ts';
import type { Database } from './db/database.ts';
import { findAgentRows } from './db/stores/agentStore.ts';
import { type EngineMoveContext, playEngineMove } from './modules/matches/runner/engineMove.ts';
import { LateMoveJudge } from './modules/matches/runner/lateMoveJudge.ts';
import { DecisionPool } from './modules/matches/runner/workerPool.ts';
import type { StoredMove } from './modules/matches/store/botMoves.ts';
import { storeLateVerdict } from './modules/matches/store/lateVerdict.ts';
import { insertHouseAgents } from './testing/economyFixtures.ts';
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
});

describe.each(testDatabaseKinds())('late exact verdicts on %s', (kind) => {
  let db: Database;
  let pool: DecisionPool;
  let latePool: DecisionPool;
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

  it('an Othello move at 20 empties judged in a hurry gets its exact verdict once stored', async () => {
    const before = othelloMovesTo(20, 11);
    const moves = encodeMoves(before);
    const matchId = randomUUID();
    await db.query(
      `insert into matches (id, game, status, first_agent_id, second_agent_id, first_rating,
         second_rating, seed, moves, started_at, starts_at, owner, lease_until)
       values ($1, 'othello', 'live', 'house-a', 'house-b', 1500, 1500, 1, $2, now(), now(),
         'late-test', now() + interval '1 hour')`,
      [matchId, moves],
    );
    const later: StoredMove[] = [];
    const context: EngineMoveContext = {
      db,
      decider: pool,
      ownerId: 'late-test',
      leaseMs: 3_600_000,
      now: Date.now,
      botMoveTimeoutMs: 10_000,
      // a millisecond: no exact solve of 20 empties, and no time for chances
      verdictBudgetMs: 1,
      judgeLater: (move) => later.push(move),
    };
    const [agent] = await findAgentRows(db, [before.length % 2 === 0 ? 'house-a' : 'house-b']);
    const ply = before.length + 1;
    const played = await playEngineMove(
      context,
      { id: matchId, game: 'othello', moves, seed: 5 },
      agent!,
      ply,
    );
    expect(played).not.toBe(false);
    expect(later).toEqual([
      { matchId, game: 'othello', ply, movesBefore: moves, move: expect.any(String) },
    ]);
    const quick = await verdictAt(db, matchId, ply);
    expect(quick?.exact ?? false).toBe(false);

    const judge = new LateMoveJudge({
      db,
      judge: (job) => latePool.judge({ ...job, exactNodes: OTHELLO_LATE_VERDICT_NODES }),
      budgetMs: LATE_VERDICT_BUDGET_MS,
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
  }, 120_000);

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
    const exact: MoveVerdictData = {
      grade: 'best',
      exact: true,
      unit: 'discs',
      best: { result: 'draw', by: 0 },
      played: { result: 'draw', by: 0 },
    };
    const late = { matchId, ply: 1, move: 'd3' };
    expect(await storeLateVerdict(db, { ...late, verdict: { ...chances, grade: 'best' } })).toBe(
      false,
    );
    expect(await storeLateVerdict(db, { ...late, verdict: exact })).toBe(true);
    expect(await verdictAt(db, matchId, 1)).toEqual(exact);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentTraits } from '#core/agents/traits.ts';
import { decideInPosition } from '#core/games/checkers/engine.ts';
import { legalPaths, playMove, stateFromSquares } from '#core/games/checkers/state.ts';
import { judgeCheckersAt } from '#core/games/checkers/verdict.ts';
import { solveByGraph } from './graphSolve.ts';
import { installCheckersEndgame } from './installed.ts';
import { buildEndgameTables } from './retrograde.ts';
import { distanceOf, isWin } from './tables.ts';

/** A loss for the side to move: a value neither a draw (0) nor a win. */
const isLoss = (value: number) => value !== 0 && !isWin(value);

const TOP: AgentTraits = { skill: 10, style: 'balanced', risk: 0.5, thinkTimeMs: 2_000 };
const forever = { deadline: Number.POSITIVE_INFINITY, now: () => 0 };
// A king and a man against a king, dark to move: wins, draws and losses among its moves. The
// judge's budget is one node: only the tables can give its verdicts.
const START = stateFromSquares({ dark: [14, 10], light: [23], kings: [14, 23] }, 0);

// the value of a move's position by a solve sharing no code with the tables, as the mover's
const graphValueAfter = (move: string) => {
  const after = playMove(START, move);
  return solveByGraph(after.dark, after.light, after.kings, after.side);
};

describe('checkers agents and verdicts with the endgame tables', () => {
  beforeAll(() => installCheckersEndgame(buildEndgameTables(3)));
  afterAll(() => installCheckersEndgame(null));

  it('judge every move exactly, draws included, as a whole-graph solve values it', () => {
    const kinds = new Set<string>();
    for (const path of legalPaths(START)) {
      const move = path.path.map((s) => s + 1).join(path.captured ? 'x' : '-');
      const verdict = judgeCheckersAt(START, move, { ...forever, maxNodes: 1 });
      const reply = graphValueAfter(move);
      const expected = isWin(reply)
        ? { result: 'loss', by: distanceOf(reply) + 1 }
        : isLoss(reply)
          ? { result: 'win', by: distanceOf(reply) + 1 }
          : { result: 'draw', by: 0 };
      expect(verdict?.played).toEqual(expected);
      kinds.add(expected.result);
    }
    expect(kinds.size).toBeGreaterThan(1);
  });

  it('let the top agent keep the shortest win, move after move, to the end', () => {
    let state = START;
    const best = Math.min(
      ...legalPaths(START)
        .map((path) => path.path.map((s) => s + 1).join(path.captured ? 'x' : '-'))
        .map(graphValueAfter)
        .filter(isLoss)
        .map(distanceOf),
    );
    let plies = 0;
    while (legalPaths(state).length > 0) {
      const { move } = decideInPosition(state, TOP, { seed: 1, ...forever }, String(plies));
      state = playMove(state, move);
      plies++;
    }
    // dark made the last move, in exactly the plies the shortest win takes
    expect(state.side).toBe(1);
    expect(plies).toBe(best + 1);
  });
});

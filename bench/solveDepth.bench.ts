/**
 * How many empty squares the top Othello agent can solve exactly within its think time on this
 * machine: for each count of empties from 20 up, the roots of seeded random games (the same
 * `randomGame` the engine's tests use) solved as the agent solves them (`solveRoot` on the shared
 * solver), with Oracle's think time as the only limit. Prints, for each count, how many were
 * solved in time, the median and largest time and nodes, and the solver's rate; stops after the
 * first count where fewer than all but one in twenty fit. The deepest count that fits is what
 * skill 10 solves from (`TOP_SOLVE_FROM_EMPTIES`, skillProfile.ts), and its largest solve must
 * fit the agent's node budget; the bench says where either disagrees. Random games' positions are
 * harder than agents' (more mobility): an upper figure. BENCH_POSITIONS sets how many games per
 * count (20).
 */
import { BUILT_IN_AGENTS } from '#core/agents/roster.ts';
import { discCounts, legalSquares } from '#core/games/othello/position.ts';
import { SearchAborted } from '#core/games/othello/searchBudget.ts';
import { othelloSkillProfile, TOP_SOLVE_FROM_EMPTIES } from '#core/games/othello/skillProfile.ts';
import { sharedSolver, solveRoot } from '#core/games/othello/solveRoot.ts';
import { randomGame } from '#core/games/othello/testPositions.ts';
import { figureRowReport } from '#scripts/figuresTable.ts';

const ORACLE_TRAITS = BUILT_IN_AGENTS.find((agent) => agent.id === 'oracle')!.traits;
const FIRST_EMPTIES = 20;
/** The share of positions that must be solved within the think time for a count to fit. */
const FITS = 0.95;

interface Solve {
  solved: boolean;
  ms: number;
  nodes: number;
}

/** Solves the root of each position as skill 10 does; the deadline is the think time. */
function solveAll(empties: number, count: number): Solve[] {
  const solves: Solve[] = [];
  for (let seed = 1; solves.length < count; seed++) {
    const { state } = randomGame(seed, empties);
    const squares = legalSquares(state);
    // a game that ended early, or a pass, is not a root the agent solves
    const { mover, other } = discCounts(state);
    if (squares.length === 0 || 64 - mover - other !== empties) continue;
    const solver = sharedSolver();
    const started = performance.now();
    let solved = true;
    try {
      solveRoot(solver, state, squares, {
        maxNodes: Number.POSITIVE_INFINITY,
        deadline: Date.now() + ORACLE_TRAITS.thinkTimeMs,
        now: Date.now,
      });
    } catch (error) {
      if (!(error instanceof SearchAborted)) throw error;
      solved = false;
    }
    solves.push({ solved, ms: Math.round(performance.now() - started), nodes: solver.nodes });
  }
  return solves;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

export default async function solveDepthBench(): Promise<void> {
  const count = Number(process.env.BENCH_POSITIONS ?? 20);
  const profile = othelloSkillProfile(ORACLE_TRAITS);
  console.log(
    `Oracle: ${ORACLE_TRAITS.thinkTimeMs} ms to think, exact solver budget ${(profile.solverMaxNodes / 1e6).toFixed(0)} M nodes; ${count} random games per count`,
  );
  // warm-up, not counted: V8 and the WebAssembly solver's first calls
  solveAll(16, 10);
  let deepest = 0;
  let largestAtDeepest = 0;
  let next = '';
  for (let empties = FIRST_EMPTIES; ; empties++) {
    const solves = solveAll(empties, count);
    const solved = solves.filter((solve) => solve.solved).length;
    const ms = solves.map((solve) => solve.ms);
    const nodes = solves.map((solve) => solve.nodes / 1e6);
    const rate = median(solves.map((solve) => solve.nodes / Math.max(1, solve.ms)));
    console.log(
      `  ${empties} empties: ${solved} of ${count} solved in time; ` +
        `time median ${median(ms)} ms, max ${Math.max(...ms)} ms; ` +
        `nodes median ${median(nodes).toFixed(1)} M, max ${Math.max(...nodes).toFixed(1)} M; ` +
        `${(rate / 1e3).toFixed(1)} M nodes/s median`,
    );
    if (solved < count * FITS) {
      next = `${solved} of ${count} at ${empties}`;
      break;
    }
    deepest = empties;
    largestAtDeepest = Math.max(...solves.map((solve) => solve.nodes));
  }
  if (deepest !== TOP_SOLVE_FROM_EMPTIES) {
    console.log(
      `  skill 10 solves from ${TOP_SOLVE_FROM_EMPTIES} empties (skillProfile.ts): ${deepest} fits here`,
    );
  }
  if (largestAtDeepest > profile.solverMaxNodes) {
    console.log(
      `  its largest solve at ${deepest} took ${(largestAtDeepest / 1e6).toFixed(1)} M nodes, over the agent's budget`,
    );
  }
  console.log(
    figureRowReport({
      figure: 'top Othello agent solves exactly from, empties (random games)',
      target: 'as measured',
      value: `${deepest} (${next})`,
      command: '`npm run -s bench -- solveDepth`',
    }),
  );
}

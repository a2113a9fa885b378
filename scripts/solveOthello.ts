/**
 * `npm run -s solve -- --game othello`: reads OBF lines from standard input (64 characters
 * `X`, `O` or `-` from a1 to h8, a space, the side to move, optionally `;` and anything), one
 * per line, and prints `<line> <exact final disc difference for the side to move> <nodes>
 * <microseconds>`, the empty squares going to the winner. A bad line prints `line N: <reason>`
 * and the run goes on (exit code 1 at the end). Blank lines are skipped.
 */
import { createEndgameSolver } from '#core/games/othello/exactEndgameSolver.ts';
import { parseObf } from '#core/games/othello/obf.ts';
import { randomGame } from '#core/games/othello/testPositions.ts';
import { solveLines } from './solveLines.ts';

/** Solves every line of standard input; sets the exit code. */
export async function solveOthello(): Promise<void> {
  // the WebAssembly solver where it runs, else the TypeScript one
  const solver = createEndgameSolver(22);
  // Warm-up, not timed: a few small solves let V8 optimise the search before the first line.
  for (let seed = 1; seed <= 20; seed++) {
    const { state } = randomGame(seed, 12);
    solver.resetTable();
    solver.solve(state.pLo, state.pHi, state.oLo, state.oHi);
  }
  await solveLines((line) => {
    const state = parseObf(line);
    solver.resetTable();
    solver.resetNodes();
    return () => ({
      score: solver.solve(state.pLo, state.pHi, state.oLo, state.oHi),
      nodes: solver.nodes,
    });
  });
}

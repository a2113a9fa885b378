/**
 * `npm run -s solve [--weak]` (or with `--game connect4`): reads Connect Four move strings from standard input, one per line, and prints
 * `<moves> <score> <nodes> <microseconds>` for each, every position solved with a fresh table.
 * A bad line prints `line N: <reason>` and the run goes on (exit code 1 at the end). Blank lines
 * are skipped. `--game othello` solves Othello OBF lines instead (scripts/solveOthello.ts).
 */

import { createSolver } from '#core/games/connect4/exactSolver.ts';
import { Connect4Position } from '#core/games/connect4/position.ts';
import { solveLines } from './solveLines.ts';
import { solveOthello } from './solveOthello.ts';

const WARM_UP = ['3133577417651455562354437434', '55563715562423', '551437327636216'];

const gameFlag = process.argv.indexOf('--game');
const game = gameFlag >= 0 ? process.argv[gameFlag + 1] : 'connect4';

if (game === 'othello') {
  await solveOthello();
} else if (game !== 'connect4') {
  process.stderr.write(`unknown game: ${game} (connect4 or othello)\n`);
  process.exitCode = 2;
} else {
  const weak = process.argv.includes('--weak');
  const solver = createSolver({ log2TableSize: 24 });
  // Warm-up, not timed: a few thousand nodes let V8 optimise the search, so the microseconds of
  // the first lines measure the solver rather than the interpreter (the C++ one is compiled ahead).
  for (const moves of WARM_UP) {
    solver.resetTable();
    solver.solve(Connect4Position.fromMoves(moves), { weak });
  }
  // the empty board itself needs hours without a full book: leave it out
  await solveLines((moves) => {
    const position = Connect4Position.fromMoves(moves);
    solver.resetTable();
    solver.resetNodes();
    return () => ({ score: solver.solve(position, { weak }), nodes: solver.nodes });
  });
}

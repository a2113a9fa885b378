/**
 * `npm run -s solve -- --game othello`: reads OBF lines from standard input (64 characters
 * `X`, `O` or `-` from a1 to h8, a space, the side to move, optionally `;` and anything), one
 * per line, and prints `<line> <exact final disc difference for the side to move> <nodes>
 * <microseconds>`, the empty squares going to the winner. A bad line prints `line N: <reason>`
 * and the run goes on (exit code 1 at the end). Blank lines are skipped.
 */
import { createInterface } from 'node:readline';
import { GridmindError } from '../core/errors.ts';
import { EndgameSolver } from '../core/games/othello/endgameSolver.ts';
import { parseObf } from '../core/games/othello/obf.ts';
import { randomGame } from '../core/games/othello/testPositions.ts';

/** Solves every line of standard input; sets the exit code. */
export async function solveOthello(): Promise<void> {
  const solver = new EndgameSolver(22);
  // Warm-up, not timed: a few small solves let V8 optimise the search before the first line.
  for (let seed = 1; seed <= 20; seed++) {
    const { state } = randomGame(seed, 12);
    solver.resetTable();
    solver.solve(state.pLo, state.pHi, state.oLo, state.oHi);
  }
  let failures = 0;
  let lineNumber = 0;
  for await (const raw of createInterface({
    input: process.stdin,
    crlfDelay: Number.POSITIVE_INFINITY,
  })) {
    lineNumber++;
    const line = raw.trim();
    if (line.length === 0) continue;
    try {
      const state = parseObf(line);
      solver.resetTable();
      solver.resetNodes();
      const started = process.hrtime.bigint();
      const score = solver.solve(state.pLo, state.pHi, state.oLo, state.oHi);
      const micros = (process.hrtime.bigint() - started) / 1000n;
      process.stdout.write(`${line} ${score} ${solver.nodes} ${micros}\n`);
    } catch (error) {
      failures++;
      const reason = error instanceof GridmindError ? error.shortMessage : String(error);
      process.stdout.write(`line ${lineNumber}: ${reason}\n`);
    }
  }
  process.exitCode = failures > 0 ? 1 : 0;
}

import { createInterface } from 'node:readline';
import { GridmindError } from '#core/errors.ts';

/**
 * The loop of `npm run -s solve`, whatever the game: each non-blank line of standard input is
 * handed to `prepare` (parse it and reset the solver, untimed), whose returned solve is timed
 * alone; prints `<line> <score> <nodes> <microseconds>`, or `line N: <reason>` for a bad line and
 * goes on. Exit code 1 when any line failed.
 */
export async function solveLines(
  prepare: (line: string) => () => { score: number; nodes: number },
): Promise<void> {
  let failures = 0;
  let lineNumber = 0;
  for await (const raw of createInterface({
    input: process.stdin,
    crlfDelay: Number.POSITIVE_INFINITY,
  })) {
    lineNumber++;
    const line = raw.trim();
    // a blank line separates groups
    if (line.length === 0) continue;
    try {
      const solve = prepare(line);
      const started = process.hrtime.bigint();
      const { score, nodes } = solve();
      const micros = (process.hrtime.bigint() - started) / 1000n;
      process.stdout.write(`${line} ${score} ${nodes} ${micros}\n`);
    } catch (error) {
      failures++;
      const reason = error instanceof GridmindError ? error.shortMessage : String(error);
      process.stdout.write(`line ${lineNumber}: ${reason}\n`);
    }
  }
  process.exitCode = failures > 0 ? 1 : 0;
}

/**
 * Whether the top Connect Four agent keeps a position's value where no book holds it: seeded
 * random positions at ply 8 (no immediate win played on the way), each decided by Oracle's traits
 * with its real think time and deadline. Prints how many positions its win/draw/loss solve proved
 * in time, the time and nodes a move took, and, with C4_REFERENCE_ANALYZER pointing at Pascal
 * Pons' solver as shipped (github.com/PascalPons/connect4 at master, built with its own makefile;
 * run here as `c4solver -w -a`, every column's win/draw/loss), how many moves kept the value by
 * that independent count. BENCH_POSITIONS sets how many positions (100).
 */
import { spawnSync } from 'node:child_process';
import { BUILT_IN_AGENTS } from '#core/agents/roster.ts';
import { decide } from '#core/games/connect4/agent/decide.ts';
import { figureRowReport } from '#scripts/figuresTable.ts';
import { randomPositions } from './support/connect4Positions.ts';

const PLY = 8;
const ORACLE_TRAITS = BUILT_IN_AGENTS.find((agent) => agent.id === 'oracle')!.traits;
const SEED = 8;

/** Pons' win/draw/loss (1, 0, -1) of every column of each line; null for a column not playable. */
function referenceValues(analyzer: string, lines: string[]): Map<string, (number | null)[]> {
  const run = spawnSync(analyzer, ['-w', '-a'], {
    input: `${lines.join('\n')}\n`,
    encoding: 'utf8',
    maxBuffer: 1 << 24,
  });
  if (run.status !== 0) throw new Error(`${analyzer} failed: ${run.stderr}`);
  const values = new Map<string, (number | null)[]>();
  for (const line of run.stdout.trim().split('\n')) {
    const [moves = '', ...scores] = line.trim().split(/\s+/);
    values.set(
      moves,
      scores.map((score) => (Number(score) === -1000 ? null : Math.sign(Number(score)))),
    );
  }
  return values;
}

export default async function perfectAgentBench(): Promise<void> {
  const count = Number(process.env.BENCH_POSITIONS ?? 100);
  const lines = randomPositions(PLY, PLY, count, SEED);
  const thinkTimeMs = ORACLE_TRAITS.thinkTimeMs;
  const decisions: { moves: string; move: number; exact: boolean; ms: number; nodes: number }[] =
    [];
  for (const moves of lines) {
    const started = Date.now();
    const decision = decide(moves, ORACLE_TRAITS, {
      seed: 1,
      // as the match runner gives it: twice the think time, a safety stop
      deadline: started + thinkTimeMs * 2,
      now: Date.now,
    });
    const ms = Date.now() - started;
    decisions.push({
      moves,
      move: decision.move,
      exact: decision.exact,
      ms,
      nodes: decision.trace.nodes,
    });
  }
  const proven = decisions.filter((decision) => decision.exact).length;
  const times = decisions.map((decision) => decision.ms).sort((a, b) => a - b);
  const overThink = times.filter((ms) => ms > thinkTimeMs).length;
  console.log(
    `Oracle (${thinkTimeMs} ms to think) at ${count} random positions of ply ${PLY}: value proven at ${proven}; ` +
      `time a move median ${times[Math.floor(times.length / 2)]} ms, max ${times.at(-1)} ms, ${overThink} over the think time`,
  );
  for (const decision of decisions.filter((each) => !each.exact)) {
    console.log(
      `  not proven in time: ${decision.moves} (${decision.nodes} nodes, ${decision.ms} ms)`,
    );
  }

  const analyzer = process.env.C4_REFERENCE_ANALYZER;
  if (!analyzer) {
    console.log("(set C4_REFERENCE_ANALYZER to Pons' c4solver to check each move against it)");
    return;
  }
  const reference = referenceValues(analyzer, lines);
  let kept = 0;
  for (const decision of decisions) {
    const values = reference.get(decision.moves);
    if (!values) throw new Error(`the reference gave nothing for ${decision.moves}`);
    const best = Math.max(...values.filter((value) => value !== null));
    if (values[decision.move - 1] === best) kept++;
    else
      console.log(
        `  gave up the value: ${decision.moves} column ${decision.move} (${values.join(' ')})`,
      );
  }
  console.log(
    figureRowReport({
      figure: 'top Connect Four agent keeps the value, random positions of ply 8',
      target: `${count} of ${count}`,
      value: `${kept} of ${count} (proven in time: ${proven})`,
      command: '`C4_REFERENCE_ANALYZER=<Pons c4solver> npm run -s bench -- perfectAgent`',
    }),
  );
}

/**
 * Othello endgame solver speed on the FFO endgame test positions #40-#44 (20-23 empties, the
 * classic set; their exact scores are published and checked here): empties, score, nodes, time
 * (CPU seconds of the solve) and nodes a CPU second, each solved with a fresh table after a
 * warm-up, by the WebAssembly solver and then by the TypeScript one. With OTHELLO_REFERENCE
 * naming an Edax binary (run from its own directory, next to its data/eval.dat, as its authors
 * ship it), the same positions go through `edax -solve -n 1`, one run each, and the ratio of CPU
 * times is printed with Edax's nodes and score.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { EndgameSolver } from '#core/games/othello/endgameSolver.ts';
import type { ExactEndgameSolver } from '#core/games/othello/exactEndgameSolver.ts';
import { parseObf } from '#core/games/othello/obf.ts';
import { randomGame } from '#core/games/othello/testPositions.ts';
import { WasmEndgameSolver } from '#core/games/othello/wasmEndgameSolver.ts';
import { figureRange, figureRowReport } from '#scripts/figuresTable.ts';

const FFO = [
  { id: 40, obf: 'O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X', score: 38 },
  { id: 41, obf: '-OOOOO----OOOOX--OOOOOO-XXXXXOO--XXOOX--OOXOXX----OXXO---OOO--O- X', score: 0 },
  { id: 42, obf: '--OOO-------XX-OOOOOOXOO-OOOOXOOX-OOOXXO---OOXOO---OOOXO--OOOO-- X', score: 6 },
  { id: 43, obf: '--XXXXX---XXXX---OOOXX---OOXXXX--OOXXXO-OOOOXOO----XOX----XXXXX- O', score: -12 },
  { id: 44, obf: '--O-X-O---O-XO-O-OOXXXOOOOOOXXXOOOOOXX--XXOOXO----XXXX-----XXX-- O', score: -14 },
] as const;

/** Seconds of an Edax time column: `0:00.094`, `1:02.5` or `1:02:03.456`. */
function seconds(text: string): number {
  return text.split(':').reduce((total, part) => total * 60 + Number(part), 0);
}

interface ReferenceSolve {
  score: number;
  nodes: number;
  /** CPU seconds of the search, Edax's own `cpu =` figure (user time, eval loading excluded). */
  seconds: number;
}

/**
 * Edax on each position, one run a position: its table gives a row's score and nodes, but only
 * wall time per row; its summary line gives the CPU time, per file. Null when it did not run.
 */
function runReference(binary: string): ReferenceSolve[] | null {
  const directory = mkdtempSync(join(tmpdir(), 'othello-ffo-'));
  const solves: ReferenceSolve[] = [];
  for (const position of FFO) {
    const file = join(directory, `ffo${position.id}.obf`);
    writeFileSync(file, `${position.obf}\n`);
    // one thread: our solvers have one too
    const run = spawnSync(binary, ['-solve', file, '-n', '1'], {
      cwd: join(dirname(binary), '..'),
      encoding: 'utf8',
    });
    const row = /^\s*\d+\|\s*\d+\s+([+-]?\d+)\s+[\d:.]+\s+(\d+)\s/m.exec(run.stdout);
    const cpu = /\(cpu =\s*([\d:.]+)\)/.exec(run.stdout);
    if (run.status !== 0 || !row || !cpu) {
      console.log(`reference failed: ${(run.stderr || run.stdout).trim().split('\n').pop()}`);
      return null;
    }
    solves.push({ score: Number(row[1]), nodes: Number(row[2]), seconds: seconds(cpu[1]!) });
  }
  return solves;
}

/** Prints one row per FFO position and the totals, for each solver. */
export default async function othelloBench(): Promise<void> {
  const reference = process.env.OTHELLO_REFERENCE
    ? runReference(process.env.OTHELLO_REFERENCE)
    : null;
  console.log(
    'solver FFO  empties  score (published)      nodes      cpu s    nodes/s   edax s  ratio  (edax nodes, score)',
  );
  const wasm = benchSolver('wasm', new WasmEndgameSolver(22), reference);
  benchSolver('ts', new EndgameSolver(22), reference);
  console.log('(the figures are CPU seconds of the solves: on a shared machine wall time is not)');
  if (!process.env.OTHELLO_REFERENCE)
    console.log('(set OTHELLO_REFERENCE to an Edax binary to compare)');
  if (reference && wasm.totalReference > 0)
    console.log(
      figureRowReport({
        figure: 'Othello endgame solver ÷ Edax 4.6, CPU, FFO #40–#44',
        target: '≤ 3×',
        value:
          `${(wasm.totalSeconds / wasm.totalReference).toFixed(1)}× in total, ` +
          `${figureRange(wasm.ratios, 1)}× a position; ` +
          `${(wasm.totalNodes / wasm.totalSeconds / 1e6).toFixed(1)} M nodes/s`,
        command: '`OTHELLO_REFERENCE=<edax binary> npm run bench -- othello`',
      }),
    );
}

/** One solver's totals over the positions, and its CPU time ÷ Edax's on each. */
interface SolverFigures {
  totalNodes: number;
  totalSeconds: number;
  totalReference: number;
  ratios: number[];
}

function benchSolver(
  name: string,
  solver: ExactEndgameSolver,
  reference: ReferenceSolve[] | null,
): SolverFigures {
  // warm-up, not timed: a few small solves let V8 optimise (or tier up) the search
  for (let seed = 1; seed <= 20; seed++) {
    const { state } = randomGame(seed, 14);
    solver.resetTable();
    solver.solve(state.pLo, state.pHi, state.oLo, state.oHi);
  }
  let totalNodes = 0;
  let totalSeconds = 0;
  let totalReference = 0;
  const ratios: number[] = [];
  for (const [i, position] of FFO.entries()) {
    const state = parseObf(position.obf);
    const empties = position.obf.slice(0, 64).split('-').length - 1;
    solver.resetTable();
    solver.resetNodes();
    const cpuStarted = process.cpuUsage();
    const score = solver.solve(state.pLo, state.pHi, state.oLo, state.oHi);
    const cpu = process.cpuUsage(cpuStarted);
    // CPU time: on a shared machine wall time mostly measures the neighbours
    const elapsed = (cpu.user + cpu.system) / 1e6;
    totalNodes += solver.nodes;
    totalSeconds += elapsed;
    const ok = score === position.score ? '' : ' WRONG';
    const edax = reference?.[i];
    if (edax !== undefined) {
      totalReference += edax.seconds;
      ratios.push(elapsed / edax.seconds);
    }
    console.log(
      `${name.padEnd(6)} #${position.id}  ${String(empties).padStart(7)}  ${String(score).padStart(5)} (${position.score})${ok}`.padEnd(
        39,
      ) +
        `${String(solver.nodes).padStart(11)} ${elapsed.toFixed(2).padStart(10)} ${rate(solver.nodes, elapsed)}` +
        (edax === undefined
          ? ''
          : ` ${edax.seconds.toFixed(3).padStart(8)} ${(elapsed / edax.seconds).toFixed(1).padStart(6)}x` +
            `  (${edax.nodes}, ${edax.score})`),
    );
  }
  console.log(
    `${name.padEnd(6)} all ${String(totalNodes).padStart(37)} ${totalSeconds.toFixed(2).padStart(10)} ${rate(totalNodes, totalSeconds)}` +
      (reference
        ? ` ${totalReference.toFixed(3).padStart(8)} ${(totalSeconds / totalReference).toFixed(1).padStart(6)}x`
        : ''),
  );
  return { totalNodes, totalSeconds, totalReference, ratios };
}

function rate(nodes: number, seconds: number): string {
  return `${(nodes / seconds / 1e6).toFixed(2)}M`.padStart(10);
}

/**
 * Solver speed by depth band (end, middle, early game): positions per second, mean time and
 * nodes per position, each solved with a fresh table, for the WebAssembly solver (the one the
 * platform uses) and the TypeScript one it is tested against. With C4_REFERENCE_SOLVER pointing
 * at Pascal Pons' C++ solver as shipped (tag part12 built with its own makefile; its main.cpp
 * resets the table before each line and prints `<moves> <score> <nodes> <µs>`, the µs timing
 * `solve` alone), the same positions go through it in the same run and the wall times compare.
 * Every figure is the best of three timed passes, on each side.
 */
import { spawnSync } from 'node:child_process';
import type { ExactSolver } from '#core/games/connect4/exactSolver.ts';
import { Connect4Position } from '#core/games/connect4/position.ts';
import { Solver } from '#core/games/connect4/solver.ts';
import { WasmSolver } from '#core/games/connect4/wasmSolver.ts';
import { figureRange, figureRowReport } from '#scripts/figuresTable.ts';
import { randomPositions } from './support/connect4Positions.ts';

const BANDS = [
  { name: 'end (28-36 moves)', min: 28, max: 36, count: 200 },
  { name: 'middle (14-27 moves)', min: 14, max: 27, count: 60 },
  { name: 'early (10-13 moves)', min: 10, max: 13, count: 6 },
] as const;
// timed passes per band, on each side; the best one counts
const PASSES = 3;

interface Pass {
  nodes: number;
  micros: number;
  // the sum of the scores: the solvers must agree on every position, so on this too
  scores: number;
}

/** Each position solved with a fresh table; only `solve` is timed. */
function timedPass(solver: ExactSolver, lines: string[]): Pass {
  let nodes = 0;
  let micros = 0;
  let scores = 0;
  for (const moves of lines) {
    const position = Connect4Position.fromMoves(moves);
    solver.resetTable();
    solver.resetNodes();
    const started = performance.now();
    scores += solver.solve(position);
    micros += (performance.now() - started) * 1000;
    nodes += solver.nodes;
  }
  return { nodes, micros, scores };
}

/**
 * The fastest of `count` passes: a pass slowed by a neighbour or a page-cache miss says nothing
 * about the solver, and both sides get the same treatment.
 */
function bestOf<T extends Pass | null>(count: number, pass: () => T): T {
  let best = pass();
  for (let i = 1; i < count && best !== null; i++) {
    const next = pass();
    if (next !== null && next.micros < best.micros) best = next;
  }
  return best;
}

/** The upstream binary's own output, read as it is: `<moves> <score> <nodes> <µs>` a line. */
function runReference(binary: string, lines: string[]): Pass | null {
  const run = spawnSync(binary, [], { input: `${lines.join('\n')}\n`, encoding: 'utf8' });
  if (run.status !== 0) return null;
  let nodes = 0;
  let micros = 0;
  let scores = 0;
  for (const line of run.stdout.trim().split('\n')) {
    const [, score, n, us] = line.split(' ');
    scores += Number(score);
    nodes += Number(n);
    micros += Number(us);
  }
  return { nodes, micros, scores };
}

function compared(pass: Pass, reference: Pass | null | undefined): string {
  if (reference === undefined) return 'C4_REFERENCE_SOLVER not set';
  if (reference === null) return 'reference solver failed';
  const agree = pass.scores === reference.scores ? '' : ', SCORES DIFFER';
  return `${(pass.micros / reference.micros).toFixed(2)}x time, ${(pass.nodes / reference.nodes).toFixed(3)}x nodes${agree}`;
}

export default async function engineBench(): Promise<void> {
  const solvers: [string, ExactSolver][] = [
    ['wasm', new WasmSolver({ log2TableSize: 24 })],
    ['ts', new Solver({ log2TableSize: 24 })],
  ];
  const binary = process.env.C4_REFERENCE_SOLVER;
  // warm the JIT (and the WebAssembly tier-up) so the first band is not charged for compilation
  for (const [, solver] of solvers) {
    for (const moves of randomPositions(20, 30, 30, 99)) {
      solver.resetTable();
      solver.solve(Connect4Position.fromMoves(moves));
    }
  }
  // Each solver's time and nodes ÷ part12's in the middle and early bands, for FIGURES.md.
  const vsReference = new Map<string, { band: string; time: number; nodes: number }[]>();
  console.log(
    'band                  solver  positions  pos/s      mean ms   mean nodes   vs C++ part12 (time, nodes)',
  );
  for (const [index, band] of BANDS.entries()) {
    const lines = randomPositions(band.min, band.max, band.count, index + 1);
    const reference = binary ? bestOf(PASSES, () => runReference(binary, lines)) : undefined;
    for (const [name, solver] of solvers) {
      // one untimed pass first: V8 compiles on background threads, whose time would count here
      timedPass(solver, lines);
      const pass = bestOf(PASSES, () => timedPass(solver, lines));
      console.log(
        `${band.name.padEnd(22)}${name.padEnd(6)}${String(lines.length).padStart(11)}  ` +
          `${((lines.length * 1e6) / pass.micros).toFixed(1).padStart(9)}  ` +
          `${(pass.micros / lines.length / 1000).toFixed(3).padStart(9)}  ` +
          `${Math.round(pass.nodes / lines.length)
            .toString()
            .padStart(11)}   ${compared(pass, reference)}`,
      );
      if (reference && index > 0) {
        const ratios = vsReference.get(name) ?? [];
        vsReference.set(name, ratios);
        ratios.push({
          band: index === 1 ? 'middle band' : 'early',
          time: pass.micros / reference.micros,
          nodes: pass.nodes / reference.nodes,
        });
      }
    }
  }
  printRows(vsReference);
}

/** The FIGURES.md rows: each solver's time ÷ part12's by band (and the nodes the WebAssembly one saves). */
function printRows(vsReference: Map<string, { band: string; time: number; nodes: number }[]>) {
  const times = (name: string) =>
    (vsReference.get(name) ?? []).map(({ band, time }) => `${time.toFixed(2)}× ${band}`);
  const wasm = vsReference.get('wasm');
  if (!wasm) return;
  const fewerNodes = wasm.map(({ nodes }) => (1 - nodes) * 100);
  const command = '`C4_REFERENCE_SOLVER=<part12 c4solver> npm run -s bench -- engine`';
  console.log(
    figureRowReport({
      figure: "Connect Four solver (WebAssembly) ÷ Pons' `part12`, time",
      target: '≤ 1.5×',
      value: [
        ...times('wasm'),
        fewerNodes.every((share) => share >= 0)
          ? `${figureRange(fewerNodes, 1)}% fewer nodes`
          : `${figureRange(
              fewerNodes.map((share) => -share),
              1,
            )}% more nodes`,
      ].join(', '),
      command,
    }),
  );
  console.log(
    figureRowReport({
      figure: 'Connect Four TypeScript solver ÷ `part12`, time',
      target: 'none',
      value: times('ts').join(', '),
      command,
    }),
  );
}

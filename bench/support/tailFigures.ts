import type { ClientMessage } from '#bench/watcherClientProcess.ts';
import type { FanoutLoop } from './tailServer.ts';

// The watchers' tail bench's figures: each move's delivery spread (first stream to read it to the
// last), its time from played to the last reader, and how they print.

// A stream that read fewer of the window's moves than this share is not counted for that move.
const FULL_SHARE = 0.95;

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

/** Per-move spreads and latencies to the last reader, of the moves nearly every stream read. */
export function moveFigures(reports: ClientMessage[], streams: number) {
  const byPly = new Map<number, { played: number; first: number; last: number; reads: number }>();
  for (const report of reports) {
    for (const [ply, played, first, last, reads] of report.moves ?? []) {
      const known = byPly.get(ply);
      if (!known) byPly.set(ply, { played, first, last, reads });
      else {
        known.first = Math.min(known.first, first);
        known.last = Math.max(known.last, last);
        known.reads += reads;
      }
    }
  }
  const full = [...byPly.entries()].filter(([, move]) => move.reads >= streams * FULL_SHARE);
  const spreads = full.map(([, move]) => move.last - move.first).sort((a, b) => a - b);
  const slowest = full.reduce<[number, number] | null>(
    (worst, [ply, move]) =>
      !worst || move.last - move.first > worst[1] ? [ply, move.last - move.first] : worst,
    null,
  );
  const toLast = full.map(([, move]) => move.last - move.played).sort((a, b) => a - b);
  const slowestAt = slowest ? byPly.get(slowest[0]) : undefined;
  return { moves: full.length, spreads, toLast, slowest, slowestAt };
}

export const ms = (value: number) => `${Math.round(value)}`;

/** The slowest move's fan-out loop in the writing process: wall (on a core + waiting for one). */
export function slowestLoop(figures: ReturnType<typeof moveFigures>, loops: FanoutLoop[]): string {
  const loop = loops.find((entry) => entry.ply === figures.slowest?.[0]);
  if (!loop) return 'its write loop not timed';
  const split =
    loop.loopCpuMs === undefined
      ? ''
      : ` (${ms(loop.loopCpuMs)} on a core, ${ms(loop.loopWaitMs ?? 0)} waiting)`;
  return `its write loop ${ms(loop.loopMs)} ms${split}`;
}

export function describe(figures: ReturnType<typeof moveFigures>): string {
  const { spreads, toLast } = figures;
  return (
    `${figures.moves} moves; spread p50 ${ms(percentile(spreads, 50))}, p90 ${ms(percentile(spreads, 90))}, ` +
    `p99 ${ms(percentile(spreads, 99))}, slowest ${ms(spreads.at(-1) ?? Number.NaN)} ms` +
    ` (ply ${figures.slowest?.[0] ?? '-'}); played-to-last-reader p50 ${ms(percentile(toLast, 50))}, ` +
    `slowest ${ms(toLast.at(-1) ?? Number.NaN)} ms`
  );
}

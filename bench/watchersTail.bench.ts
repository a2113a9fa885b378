/**
 * Watchers' tail: the slowest move of a minute, not only the typical one. 5,000 C clients
 * (watcherClients.c) watch one match of a server running six matches, two of each of the three
 * games, on the default configuration of docs/CONFIGURATION.md (TAIL_CONFIG=default: the runner's variables
 * unset, so a 30 s betting window and a move every 1.5 s; TAIL_CONFIG=busy: no betting window and
 * a move a second), so matches end and new ones start during the minute; then, in the same run,
 * the same clients watch a bare Node SSE loop (bareSseServer.ts) writing a move frame as often.
 * For each move the clients note when the first and the last stream read it: its delivery
 * spread. Prints p50/p90/p99 and the slowest spread for both and their ratio (issue 26's goal:
 * the server's slowest within 2x the bare loop's), how many matches ended and started meanwhile, the server's event-loop delay (p50/p99/max), its
 * turns that held the loop over 40 ms split into time on a core and time waiting for one
 * (loopDelayProbe.ts), the fan-out's own write loop split the same way (fanoutProbe.ts), and its
 * synchronous file calls on the main thread (syncIoProbe.ts). TAIL_RUNS (2), TAIL_WATCHERS (5000),
 * TAIL_SECONDS (60); TAIL_DATABASE_URL runs the server on PostgreSQL instead of its PGlite;
 * TAIL_CPU_PROF=dir writes the server's CPU profile there. Asserts nothing.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { matchListResponseSchema } from '#core/protocol/matches.ts';
import { figureNumber, figureRowReport } from '#scripts/figuresTable.ts';
import { freePort } from '#server/testing/serverProcess.ts';
import { describe, moveFigures, ms, slowestLoop } from './support/tailFigures.ts';
import {
  ask,
  type FanoutLoop,
  type FileCalls,
  type LoopDelay,
  type ServerLog,
  type Stall,
  spawnServer,
  type TailConfig,
  tailMoveDelayMs,
} from './support/tailServer.ts';
import { describeThreads, threadTimes } from './support/tailThreads.ts';
import { type ClientMessage, startNativeClients } from './watcherClientProcess.ts';
import { buildNativeClient } from './watcherClientsNative.ts';

const RUNS = Number(process.env.TAIL_RUNS ?? 2);
const WATCHERS = Number(process.env.TAIL_WATCHERS ?? 5_000);
const WINDOW_MS = Number(process.env.TAIL_SECONDS ?? 60) * 1_000;
const CONFIG: TailConfig = process.env.TAIL_CONFIG === 'busy' ? 'busy' : 'default';
const MOVE_DELAY_MS = tailMoveDelayMs(CONFIG);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A live match of a long game (Othello or checkers) still early enough to last the window. */
async function earlyLongMatch(base: string): Promise<{ id: string; plies: number; game: string }> {
  for (let tries = 0; tries < 600; tries++) {
    const body = matchListResponseSchema.parse(
      await (await fetch(`${base}/api/matches?status=live`)).json(),
    );
    const match = body.items.find((item) => item.game !== 'connect4' && item.plies <= 4);
    if (match) return { id: match.id, plies: match.plies, game: match.game };
    await sleep(200);
  }
  throw new Error('no early live match of a long game');
}

/** Connects the clients to `url`, times every move of the window, and returns their reports. */
async function watch(
  binary: string,
  url: string,
  lastId: number,
  currentPly: () => Promise<number>,
): Promise<{ reports: ClientMessage[]; startedAt: number; endedAt: number; failed: number }> {
  const clients = startNativeClients(binary, url, WATCHERS, lastId);
  const connected = await clients.next('connected');
  await sleep(1_000);
  clients.send({ kind: 'measure', fromPly: await currentPly(), moves: 100_000 });
  const startedAt = Date.now();
  await sleep(WINDOW_MS);
  clients.send({ kind: 'report' });
  const report = await clients.next('report');
  const endedAt = Date.now();
  clients.stop();
  return { reports: [report], startedAt, endedAt, failed: connected.failed ?? 0 };
}

/** One run of the server; resolves with its slowest move's spread (ms). */
async function serverRun(binary: string, dir: string, run: number): Promise<number> {
  const log: ServerLog = {
    starts: [],
    results: [],
    fanouts: new Map(),
    stalls: [],
    slowFileCalls: [],
  };
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = await spawnServer(dir, run, port, log, CONFIG);
  try {
    const match = await earlyLongMatch(base);
    let threadsBefore = threadTimes(server.pid ?? 0);
    const plies = async () => {
      const body = matchListResponseSchema.parse(
        await (await fetch(`${base}/api/matches?status=live`)).json(),
      );
      return body.items.find((item) => item.id === match.id)?.plies ?? match.plies;
    };
    const watched = await watch(
      binary,
      `${base}/api/matches/${match.id}/events`,
      match.plies,
      async () => {
        // Resets the probes: their next readings cover the window only.
        await Promise.all([ask<LoopDelay>(server, 'loop'), ask<FileCalls>(server, 'syncio')]);
        threadsBefore = threadTimes(server.pid ?? 0);
        return plies();
      },
    );
    const threadsAfter = threadTimes(server.pid ?? 0);
    const delay = await ask<LoopDelay>(server, 'loop');
    const fileCalls = await ask<FileCalls>(server, 'syncio');
    const within = <T extends { at: number }>(list: T[]) =>
      list.filter((entry) => entry.at >= watched.startedAt && entry.at <= watched.endedAt);
    const stalls = within(log.stalls).sort((x, y) => y.ms - x.ms);
    const turn = (stall: Stall) =>
      stall.cpuMs === null
        ? `${stall.ms}`
        : `${stall.ms} (${ms(stall.cpuMs)}/${ms(stall.waitMs ?? 0)})`;
    const figures = moveFigures(watched.reports, WATCHERS - watched.failed);
    const afterWindow = log.stalls.filter((stall) => stall.at > watched.endedAt);
    console.log(
      `  server (${match.game} match, 6 live): ${describe(figures)}, ` +
        `${slowestLoop(figures, log.fanouts.get(match.id) ?? [])}; ` +
        `${within(log.results).length} matches ended and ${within(log.starts).length} started; ` +
        `loop delay p50 ${delay.p50} / p99 ${delay.p99} / max ${delay.max} ms; load ${loadavg()[0]?.toFixed(1)}`,
    );
    // A turn that began before a watched fan-out and ended after it held that fan-out.
    const watchedAt = (log.fanouts.get(match.id) ?? []).map((loop) => loop.at ?? 0);
    const heldFanout = (stall: Stall) =>
      watchedAt.some((at) => at >= stall.at - stall.ms - 5 && at <= stall.at);
    const others = stalls
      .filter((stall) => !heldFanout(stall))
      .sort((x, y) => (y.cpuMs ?? y.ms) - (x.cpuMs ?? x.ms));
    console.log(
      `    turns over 40 ms in the window (ms, on a core/waiting): ${stalls.length}; with the ` +
        `watched fan-out ${stalls.filter(heldFanout).slice(0, 5).map(turn).join(', ') || 'none'}; ` +
        `without it, most CPU first: ${others.slice(0, 6).map(turn).join(', ') || 'none'}; ` +
        `after the window (clients gone): ${afterWindow.map(turn).slice(0, 3).join(', ') || 'none'}`,
    );
    console.log(`    ${describeThreads(server.pid ?? 0, threadsBefore, threadsAfter)}`);
    const slowFiles = within(log.slowFileCalls).sort((x, y) => y.ms - x.ms);
    console.log(
      `    synchronous file calls on the main thread (PGlite's data files): ${fileCalls.calls} ` +
        `taking ${fileCalls.totalMs} ms, slowest ${ms(fileCalls.slowestMs)} ms; over 20 ms: ` +
        `${
          slowFiles
            .map((call) => `${call.call} ${call.ms}`)
            .slice(0, 6)
            .join(', ') || 'none'
        }`,
    );
    return figures.spreads.at(-1) ?? Number.NaN;
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  }
}

/** One run of the bare loop; resolves with its slowest move's spread (ms). */
async function bareRun(binary: string): Promise<number> {
  const bare = spawn(
    'sh',
    [
      '-c',
      'ulimit -n "$(ulimit -Hn)"; exec "$0" --import tsx bench/bareSseServer.ts "$@"',
      process.execPath,
      String(MOVE_DELAY_MS),
    ],
    { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
  );
  try {
    const { port } = await new Promise<{ port: number }>((resolve) =>
      bare.once('message', resolve),
    );
    const watched = await watch(binary, `http://127.0.0.1:${port}/`, 0, async () => {
      bare.send('ply');
      const { ply } = await new Promise<{ ply: number }>((resolve) =>
        bare.once('message', resolve),
      );
      return ply;
    });
    bare.send('loops');
    const { loops } = await new Promise<{ loops: FanoutLoop[] }>((resolve) =>
      bare.once('message', resolve),
    );
    const figures = moveFigures(watched.reports, WATCHERS - watched.failed);
    console.log(
      `  bare loop:               ${describe(figures)}, ${slowestLoop(figures, loops)}; ` +
        `load ${loadavg()[0]?.toFixed(1)}`,
    );
    return figures.spreads.at(-1) ?? Number.NaN;
  } finally {
    bare.kill('SIGKILL');
  }
}

/** Alternates the server and the bare loop, TAIL_RUNS times each, and prints both tails. */
export default async function watchersTailBench(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'gridmind-tail-'));
  await writeFile(join(dir, 'index.html'), '<!doctype html><title>Gridmind</title>');
  const built = await buildNativeClient(dir);
  if (built.binary === null) {
    console.log(`(skipped: no C compiler answered: ${built.reason.split('\n')[0]})`);
    return;
  }
  console.log(
    `(${WATCHERS.toLocaleString('en')} C watchers of one match, ${WINDOW_MS / 1000} s per run, ` +
      `${CONFIG === 'default' ? 'the default configuration' : 'no betting window'}, a move ` +
      `every ${MOVE_DELAY_MS} ms; ${process.env.TAIL_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}; ` +
      `load average ${loadavg()[0]?.toFixed(1)} before start)`,
  );
  const ratios: string[] = [];
  const spreads: string[] = [];
  try {
    for (let run = 1; run <= RUNS; run++) {
      console.log(`run ${run}:`);
      const server = await serverRun(built.binary, dir, run);
      const bare = await bareRun(built.binary);
      const ratio = `${(server / bare).toFixed(2)}x`;
      ratios.push(ratio);
      spreads.push(`${ms(server)} against ${ms(bare)} ms`);
      console.log(
        `  slowest spread, server / bare loop: ${ms(server)} / ${ms(bare)} ms = ${ratio}`,
      );
    }
    console.log(`slowest-spread ratios (goal: within 2x): ${ratios.join(', ')}`);
    console.log(
      figureRowReport({
        figure: `slowest move's spread to ${figureNumber(WATCHERS)} watchers ÷ a bare loop's`,
        target: '≤ 2×',
        value: `${ratios.map((ratio) => ratio.replace('x', '×')).join(', ')} (${spreads.join(', ')})`,
        command: '`npm run -s bench -- watchersTail`',
      }),
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

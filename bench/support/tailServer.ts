import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { loadConfig } from '#server/config.ts';
import { askProbe, spawnProbedServer } from './probedServer.ts';

// The watchers' tail bench's server: a real Gridmind server with the bench's probes loaded,
// whose printed lines (moves, results, stalls, slow file calls) are collected into a ServerLog.

/** One move's fan-out loop as the writing process timed it (ms): wall, on a core, waiting. */
export interface FanoutLoop {
  ply: number;
  /** When the server received the move (epoch ms; the server's fan-outs only). */
  at?: number;
  loopMs: number;
  loopCpuMs?: number;
  loopWaitMs?: number;
}

/** A turn of the server's loop over 40 ms (loopDelayProbe.ts), when it ended (epoch ms). */
export interface Stall {
  at: number;
  ms: number;
  cpuMs: number | null;
  waitMs: number | null;
}

/** What the server printed: moves (fanoutProbe.ts), ends, and turns that held its loop. */
export interface ServerLog {
  starts: { matchId: string; at: number }[];
  results: { matchId: string; at: number }[];
  fanouts: Map<string, FanoutLoop[]>;
  stalls: Stall[];
  /** Synchronous file calls on the main thread over 20 ms (syncIoProbe.ts). */
  slowFileCalls: { call: string; ms: number; at: number }[];
}

/**
 * The server's configuration in the bench: `default` is the README's (every variable that tunes
 * the runner left unset: two matches of each game, a 30 s betting window, a move every 1.5 s);
 * `busy` is six matches always live (no betting window), a move a second.
 */
export type TailConfig = 'default' | 'busy';

/** The variables that tune the runner, removed from the environment (default) or set (busy). */
function runnerEnv(config: TailConfig): Record<string, string | undefined> {
  if (config === 'default') {
    return {
      LIVE_MATCHES: undefined,
      LIVE_GAMES: undefined,
      BETTING_WINDOW_MS: undefined,
      MOVE_DELAY_MS: undefined,
    };
  }
  return { LIVE_MATCHES: '2', LIVE_GAMES: '', BETTING_WINDOW_MS: '0', MOVE_DELAY_MS: '1000' };
}

/** The pause between moves the server runs with under `config`. */
export function tailMoveDelayMs(config: TailConfig): number {
  return config === 'default' ? loadConfig({}).MOVE_DELAY_MS : 1_000;
}

/**
 * Starts the server on `port` with its data in `dir` (a fresh folder per run) and six matches
 * (two of each game) as `config` sets them; resolves once it listens.
 */
export function spawnServer(
  dir: string,
  run: number,
  port: number,
  log: ServerLog,
  config: TailConfig,
): Promise<ChildProcess> {
  return spawnProbedServer({
    probes: ['fanoutProbe.ts', 'serverMemoryProbe.ts', 'loopDelayProbe.ts', 'syncIoProbe.ts'],
    cpuProfileDir: process.env.TAIL_CPU_PROF,
    env: {
      PORT: String(port),
      DATA_DIR: join(dir, `data-${run}`),
      CLIENT_DIR: dir,
      DATABASE_URL: process.env.TAIL_DATABASE_URL,
      // Thousands of watchers, every one from 127.0.0.1: the stream caps stand aside.
      SSE_MAX_STREAMS: '100000',
      SSE_MAX_PER_ADDRESS: '100000',
      ...runnerEnv(config),
    },
    onLine: (line) => {
      const space = line.indexOf(' ');
      const [kind, json] = [line.slice(0, space), line.slice(space + 1)];
      if (kind === 'fanout') {
        const move = JSON.parse(json) as FanoutLoop & { matchId: string };
        if (move.ply === 1) log.starts.push({ matchId: move.matchId, at: Date.now() });
        const loops = log.fanouts.get(move.matchId) ?? [];
        loops.push(move);
        log.fanouts.set(move.matchId, loops);
      } else if (kind === 'result') log.results.push(JSON.parse(json));
      else if (kind === 'stall') log.stalls.push(JSON.parse(json));
      else if (kind === 'syncio') log.slowFileCalls.push(JSON.parse(json));
    },
  });
}

/** Asks a probe in the server for its figures since the last asking, which resets them. */
export function ask<T>(server: ChildProcess, kind: 'loop' | 'syncio'): Promise<T> {
  return askProbe(server, kind, (answer) => (answer as { kind?: string }).kind === kind);
}

export type LoopDelay = { p50: number; p99: number; max: number };
export type FileCalls = { calls: number; totalMs: number; slowestMs: number };

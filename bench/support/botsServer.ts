import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, runStatement } from '#server/testing/serverProcess.ts';
import { askProbe, spawnProbedServer } from './probedServer.ts';

/** The bots bench's server: its origin, what it runs on, and its statement count. */
export interface BotsServer {
  origin: string;
  /** e.g. `postgres, grown` or `pglite, empty`. */
  database: string;
  /** Statements the server has sent its database so far (bench/statementProbe.ts). */
  statements(): Promise<number>;
  /** CPU time the server process has used so far (all its threads), in ms. */
  cpuMs(): Promise<number>;
  /** CPU time of its main thread (the event loop) so far, in ms; NaN without /proc. */
  mainThreadCpuMs(): Promise<number>;
  /** The same count by each statement's first words. */
  statementShapes(): Promise<Record<string, number>>;
  /** Each wait for a `pg` pool connection (ms) since the last call; none on PGlite. */
  poolWaitsMs(): Promise<number[]>;
  rssBytes(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * Starts the server with the statement probe on: on the grown database named by
 * BOTS_GROWN_DATABASE_URL (PostgreSQL) or BOTS_GROWN_DATA_DIR (PGlite), used as they are (copy
 * them first: the bench adds users, bots and matches), else on a fresh schema of DATABASE_URL
 * or a fresh temporary PGlite.
 */
export async function startBotsServer(env: Record<string, string>): Promise<BotsServer> {
  const dir = await mkdtemp(join(tmpdir(), 'gridmind-bots-bench-'));
  await writeFile(join(dir, 'index.html'), '<!doctype html><title>Gridmind</title>');
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const grownUrl = process.env.BOTS_GROWN_DATABASE_URL;
  const grownDir = process.env.BOTS_GROWN_DATA_DIR;
  const baseUrl = process.env.DATABASE_URL;
  const schema = `bench_bots_${process.pid}_${Date.now()}`;
  let databaseUrl = '';
  let database = 'pglite, empty';
  if (grownUrl) {
    databaseUrl = grownUrl;
    database = 'postgres, grown';
  } else if (grownDir) {
    database = 'pglite, grown';
  } else if (baseUrl) {
    await runStatement(baseUrl, `create schema ${schema}`);
    const url = new URL(baseUrl);
    url.searchParams.set('options', `-c search_path=${schema}`);
    databaseUrl = url.toString();
    database = 'postgres, empty';
  }
  const child: ChildProcess = await spawnProbedServer({
    probes: ['serverMemoryProbe.ts', 'statementProbe.ts'],
    // A CPU profile of the server under the bench, to see where a move's time goes.
    cpuProfileDir: process.env.BOTS_CPU_PROFILE_DIR,
    env: {
      ...env,
      PORT: String(port),
      APP_ORIGIN: origin,
      DATA_DIR: grownDir ?? join(dir, 'data'),
      CLIENT_DIR: dir,
      DATABASE_URL: databaseUrl,
    },
    onLine: () => {},
  });
  // each message's answer holds its own key: the probe answers them all on one channel
  const answerKeys = { statements: 'statements', memory: 'rss', poolWaits: 'poolWaitsMs' };
  const ask = <T>(message: keyof typeof answerKeys) =>
    askProbe<T>(child, message, (answer) => answerKeys[message] in answer);
  return {
    origin,
    database,
    statements: async () => (await ask<{ statements: number }>('statements')).statements,
    cpuMs: async () => (await ask<{ cpuMs: number }>('statements')).cpuMs,
    mainThreadCpuMs: async () =>
      (await ask<{ mainThreadCpuMs: number }>('statements')).mainThreadCpuMs,
    statementShapes: async () =>
      (await ask<{ byShape: Record<string, number> }>('statements')).byShape,
    rssBytes: async () => (await ask<{ rss: number }>('memory')).rss,
    poolWaitsMs: async () => (await ask<{ poolWaitsMs: number[] }>('poolWaits')).poolWaitsMs,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      if (baseUrl && !grownUrl && !grownDir) {
        await runStatement(baseUrl, `drop schema ${schema} cascade`);
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}

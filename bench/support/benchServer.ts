import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, runStatement } from '#server/testing/serverProcess.ts';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/** The server's memory as its own process sees it, in bytes. */
interface MemorySample {
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
}

/** A real Gridmind server process on loopback for a benchmark. */
export interface BenchServer {
  origin: string;
  /** `pglite` or `postgres`, as chosen by DATABASE_URL. */
  database: string;
  /** The server's PostgreSQL (its own schema), for benches that seed it; '' on PGlite. */
  databaseUrl: string;
  /** Memory after a full GC, asked over IPC (the server runs with serverMemoryProbe preloaded). */
  memory(): Promise<MemorySample>;
  stop(): Promise<void>;
}

/**
 * Starts `server/server.ts` with `env` on a free loopback port: on a temporary PGlite, or, when
 * DATABASE_URL is set, in a fresh schema of that PostgreSQL (dropped again by stop()). With
 * `options.databaseUrl` the server uses that database as it is (a grown copy, say), untouched
 * by stop().
 */
export async function startBenchServer(
  env: Record<string, string>,
  options: { databaseUrl?: string } = {},
): Promise<BenchServer> {
  const dir = await mkdtemp(join(tmpdir(), 'gridmind-bench-'));
  await writeFile(join(dir, 'index.html'), '<!doctype html><title>Gridmind</title>');
  const port = await freePort();
  const baseUrl = options.databaseUrl ? undefined : process.env.DATABASE_URL;
  const schema = `bench_${process.pid}_${Date.now()}`;
  let databaseUrl = options.databaseUrl ?? '';
  if (baseUrl) {
    await runStatement(baseUrl, `create schema ${schema}`);
    const url = new URL(baseUrl);
    url.searchParams.set('options', `-c search_path=${schema}`);
    databaseUrl = url.toString();
  }
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(
    'sh',
    [
      '-c',
      'ulimit -n "$(ulimit -Hn)"; exec "$0" --expose-gc --import tsx --import ./bench/serverMemoryProbe.ts server/server.ts',
      process.execPath,
    ],
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        ...env,
        PORT: String(port),
        APP_ORIGIN: origin,
        DATA_DIR: join(dir, 'data'),
        CLIENT_DIR: dir,
        DATABASE_URL: databaseUrl,
      },
      stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    },
  );
  await waitForStart(child);
  const memory = () =>
    new Promise<MemorySample>((resolve) => {
      child.once('message', (sample) => resolve(sample as MemorySample));
      child.send('memory');
    });
  return {
    origin,
    database: databaseUrl ? 'postgres' : 'pglite',
    databaseUrl,
    memory,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      if (baseUrl) await runStatement(baseUrl, `drop schema ${schema} cascade`);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

function waitForStart(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Gridmind is running')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`server exited (${code}):\n${output}`)));
  });
}

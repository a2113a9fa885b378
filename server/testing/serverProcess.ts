import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import pg from 'pg';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
/** The server as `npm run build` makes it, from the repository's root. */
export const BUILT_SERVER = 'dist/server/server.js';

/** A port nothing listens on right now (the kernel's pick). */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** A real server child process (the built `dist/server/server.js`) and what it printed. */
export interface ServerProcess {
  child: ChildProcess;
  base: string;
  /** Everything written to stdout and stderr so far (for failure messages). */
  output(): string;
  /** Resolves with the exit code (or signal) once the process is gone. */
  exited: Promise<number | string | null>;
}

/**
 * Spawns the built server (`node dist/server/server.js`, scripts/serverBundle.ts; the server
 * tests' globalSetup builds it) on a free port with `env` added to this process's environment,
 * and resolves once it says it is running. A temporary CLIENT_DIR with an index.html is made when
 * `env` names none, so no client build is needed. `nodeArgs` go to node (`--cpu-prof`); `imports`
 * are modules (TypeScript, paths from the repository's root) loaded before the server: a test's
 * instruments at the drivers' boundary (testing/pauseSettlement.ts), see builtPreload.
 */
export async function startServerProcess(
  env: Record<string, string>,
  nodeArgs: readonly string[] = [],
  imports: readonly string[] = [],
): Promise<ServerProcess> {
  const port = env.PORT ?? String(await freePort());
  // The built-in schedule's tournaments, the checkers endgame tables' build (a CPU's worth of
  // seconds in every process spawned), listening only once warm (seconds more before the test
  // may start) and judging moves again after them (a thread solving beside quick-paced
  // matches), only when a test asks for them.
  const fullEnv: Record<string, string> = {
    TOURNAMENT_SCHEDULE: 'off',
    CHECKERS_ENDGAME_TABLES: 'off',
    WARM_UP: 'off',
    LATE_VERDICTS: 'off',
    ...env,
    PORT: port,
  };
  let clientDir: string | undefined;
  if (!env.CLIENT_DIR) {
    clientDir = await mkdtemp(join(tmpdir(), 'gridmind-client-'));
    await writeFile(join(clientDir, 'index.html'), '<!doctype html><title>Gridmind</title>');
    fullEnv.CLIENT_DIR = clientDir;
    fullEnv.DATA_DIR ??= join(clientDir, 'data');
  }
  const preloads = (await Promise.all(imports.map(builtPreload))).flatMap((path) => [
    '--import',
    path,
  ]);
  const args = [...nodeArgs, '--enable-source-maps', ...preloads, BUILT_SERVER];
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    env: { ...process.env, ...fullEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | string | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal)),
  );
  void exited.then(() => (clientDir ? rm(clientDir, { recursive: true, force: true }) : undefined));
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Gridmind is running')) resolve();
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    void exited.then((code) => reject(new Error(`server exited (${code}): ${output}`)));
  });
  return { child, base: `http://127.0.0.1:${port}`, output: () => output, exited };
}

let preloadsBuilt = 0;

/**
 * Builds a preload the way the server is built, beside it (dist/server/preloads), and returns its
 * path: both then import the same packages from node_modules, so the preload's patch of a driver
 * is the one the server runs. Loaded through tsx instead, the drivers it patched were other
 * copies than the server's.
 */
async function builtPreload(path: string): Promise<string> {
  const outfile = `dist/server/preloads/${basename(path, '.ts')}-${process.pid}-${++preloadsBuilt}.js`;
  await build({
    absWorkingDir: repoRoot,
    entryPoints: [path],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    outfile,
    logLevel: 'warning',
  });
  return `./${outfile}`;
}

/** Stops a server process: SIGTERM (a clean shutdown) unless `signal` says otherwise. */
export async function stopServerProcess(
  server: ServerProcess,
  signal: NodeJS.Signals = 'SIGTERM',
): Promise<void> {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill(signal);
  await server.exited;
}

/** Runs one statement on its own connection to `url` (creating or dropping a database or schema). */
export async function runStatement(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A fresh PostgreSQL database for spawned servers (which cannot be told a schema), and its drop. */
export async function createScratchDatabase(
  adminUrl: string,
  prefix: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${process.pid}_${Date.now()}`;
  const admin = (sql: string) => runStatement(adminUrl, sql);
  await admin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.href, drop: () => admin(`drop database if exists ${name} with (force)`) };
}

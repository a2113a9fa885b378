import { type ChildProcess, spawn } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { BUILT_SERVER, freePort } from '#server/testing/serverProcess.ts';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** A real Gridmind server on a free port with its own temporary embedded database. */
export interface TestServer {
  origin: string;
  stop(): Promise<void>;
}

/**
 * Starts the built server, `dist/server/server.js`, with the built client in dist/client (`npm
 * test` builds both before the e2e suite, whose globalSetup builds the server again so it is never
 * stale) on a copy of the project's migrated PGlite directory (tests/setup/pgliteTemplate.ts) when
 * vitest provides one, and resolves once it printed its address and `/api/health` answers.
 */
export async function startServer(
  options: { adminAddresses?: string[]; env?: Record<string, string> } = {},
): Promise<TestServer> {
  const port = await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), 'gridmind-e2e-'));
  // Under vitest the e2e project's globalSetup provides a migrated directory to copy; the benches
  // that start servers outside vitest (size, lighthouse, longTasks, pwa) let the server make one.
  const template = process.env.VITEST ? inject('pgliteTemplateDir') : undefined;
  if (template) await cp(template, dataDir, { recursive: true });
  const origin = `http://localhost:${port}`;
  const child = spawn(process.execPath, ['--enable-source-maps', BUILT_SERVER], {
    cwd: repoRoot,
    env: {
      ...process.env,
      // Connect Four only unless a test asks for more: its matches are short, so tests that wait
      // for a finished one wait seconds (tests/e2e/games.test.ts runs every game).
      LIVE_GAMES: 'connect4',
      // No tournaments of the built-in schedule: a test that wants one makes it.
      TOURNAMENT_SCHEDULE: 'off',
      // Each test server is short-lived: no building of checkers' endgame tables on its CPU.
      CHECKERS_ENDGAME_TABLES: 'off',
      // Listening at once, warming meanwhile: the test's first page needs no warm sign-in.
      WARM_UP: 'off',
      // No move judged again after it: a thread solving beside the test's quick matches.
      LATE_VERDICTS: 'off',
      ...options.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      APP_ORIGIN: origin,
      ADMIN_ADDRESSES: (options.adminAddresses ?? []).join(','),
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  try {
    await waitForStart(child, output);
    const health = await fetch(`${origin}/api/health`);
    if (!health.ok) throw new Error(`/api/health answered ${health.status}`);
  } catch (error) {
    child.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
    throw new Error(`Gridmind did not start: ${String(error)}\n${output.join('')}`);
  }
  return {
    origin,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

function waitForStart(child: ChildProcess, output: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output.push(chunk.toString());
      if (output.join('').includes('Gridmind is running at')) resolve();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.once('exit', (code) => reject(new Error(`server exited with code ${code}`)));
    child.once('error', reject);
  });
}

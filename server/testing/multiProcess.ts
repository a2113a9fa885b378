import { afterEach, beforeEach } from 'vitest';
import { type Database, openDatabase } from '#server/db/database.ts';
import { migrate } from '#server/db/migrate.ts';
import { syncRoster } from '#server/db/stores/syncRoster.ts';
import { createScratchDatabase, freePort } from './serverProcess.ts';

// What every test of several server processes on one PostgreSQL sets up the same way: a database
// of its own, free ports, cleanups that run whatever failed, and polling for what the processes
// do on their own time.

/** A test's cleanups, run last first after it (each whether or not an earlier one failed). */
export interface TestCleanups {
  /** Runs `cleanup` after the test, before those added earlier. */
  add(cleanup: () => Promise<void>): void;
  /** True once the test is over: watchers and crowds still running stop at this. */
  ended(): boolean;
}

/** Cleanups after each test. */
export function testCleanups(): TestCleanups {
  const cleanups: (() => Promise<void>)[] = [];
  let ended = false;
  beforeEach(() => {
    ended = false;
  });
  afterEach(async () => {
    ended = true;
    const errors: unknown[] = [];
    for (const cleanup of cleanups.splice(0).reverse()) {
      await cleanup().catch((error: unknown) => errors.push(error));
    }
    if (errors.length > 0) throw errors[0];
  });
  return {
    add: (cleanup) => {
      cleanups.push(cleanup);
    },
    ended: () => ended,
  };
}

/**
 * A scratch database on `TEST_DATABASE_URL`'s server, migrated, that the processes share; it and
 * this test's connection to it go with the cleanups. `roster: 'hidden'` adds the built-in agents
 * hidden, so that no match is scheduled before the test lets agents play
 * (testAgents.ts, insertQuickAgents).
 */
export async function scratchPlatformDatabase(
  cleanups: TestCleanups,
  name: string,
  options: { roster?: 'hidden' } = {},
): Promise<{ url: string; db: Database }> {
  const databaseUrl = process.env.TEST_DATABASE_URL;
  if (!databaseUrl) throw new Error('scratchPlatformDatabase needs TEST_DATABASE_URL');
  const scratch = await createScratchDatabase(databaseUrl, name);
  cleanups.add(scratch.drop);
  const db = await openDatabase({ databaseUrl: scratch.url, dataDir: '' });
  cleanups.add(() => db.close());
  await migrate(db);
  if (options.roster === 'hidden') {
    await syncRoster(db);
    await db.query('update agents set hidden = true');
  }
  return { url: scratch.url, db };
}

/** A tuple of `N` numbers, so that each port a test destructures is a number. */
type Ports<N extends number, Taken extends number[] = []> = Taken['length'] extends N
  ? Taken
  : Ports<N, [...Taken, number]>;

/** `count` ports free on 127.0.0.1 now, all different. */
export async function freePorts<N extends number>(count: N): Promise<Ports<N>> {
  const ports: number[] = [];
  while (ports.length < count) {
    const port = await freePort();
    if (!ports.includes(port)) ports.push(port);
  }
  return ports as Ports<N>;
}

/**
 * Asks `probe` every `everyMs` until it gives a value, for at most `attempts` times; then throws
 * naming `what`. For what processes do on their own time (a takeover, a delivery).
 */
export async function until<T>(
  what: string,
  probe: () => Promise<T | null>,
  { everyMs = 50, attempts = 1_200 }: { everyMs?: number; attempts?: number } = {},
): Promise<T> {
  for (let attempt = 0; attempt < attempts; attempt++) {
    const value = await probe();
    if (value !== null) return value;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  throw new Error(`timed out waiting for ${what}`);
}

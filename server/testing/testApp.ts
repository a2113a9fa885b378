import type { FastifyInstance } from 'fastify';
import { type AppOptions, buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import type { Database } from '#server/db/database.ts';
import { openTestDatabase } from './testDatabase.ts';

/** A clock tests move by hand; the app reads it wherever it needs "now". */
interface TestClock {
  now: () => number;
  advance: (ms: number) => void;
}

/** A clock starting at a fixed instant. */
function createTestClock(startMs = Date.parse('2026-01-15T12:00:00.000Z')): TestClock {
  let nowMs = startMs;
  return {
    now: () => nowMs,
    advance: (ms) => {
      nowMs += ms;
    },
  };
}

/** An app on its own migrated database, with a test clock; close() tears both down. */
export interface TestApp {
  app: FastifyInstance;
  db: Database;
  clock: TestClock;
  close: () => Promise<void>;
}

/** Write limits high enough to stay out of the way of tests that do not test them. */
const UNLIMITED_WRITES = {
  BET_RATE_LIMIT_PER_MINUTE: '100000',
  WRITE_RATE_LIMIT_PER_MINUTE: '100000',
};

/**
 * Builds the app for one test database kind, with extra environment variables if given (write
 * rate limits are off unless the test sets them) and what `options` adds (the bots' judge).
 */
export async function createTestApp(
  kind: 'pglite' | 'postgres',
  env: Record<string, string> = {},
  db?: Database,
  options: Pick<AppOptions, 'judgeBotMove'> = {},
): Promise<TestApp> {
  const database = db ?? (await openTestDatabase(kind));
  const clock = createTestClock();
  const app = await buildApp({
    config: loadConfig({ ...UNLIMITED_WRITES, ...env }),
    db: database,
    now: clock.now,
    ...options,
  });
  return {
    app,
    db: database,
    clock,
    async close() {
      await app.close();
      if (!db) await database.close();
    },
  };
}

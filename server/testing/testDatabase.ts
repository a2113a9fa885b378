import { randomBytes } from 'node:crypto';
import { cp, readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openDatabase } from '#server/db/database.ts';
import { migrate } from '#server/db/migrate.ts';

/** Which back ends the server suites run against: PGlite always, PostgreSQL when configured. */
export function testDatabaseKinds(): ('pglite' | 'postgres')[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

/**
 * An isolated, migrated database: an in-memory PGlite, or a fresh schema on the PostgreSQL server
 * at TEST_DATABASE_URL (every connection's search_path), dropped again by close().
 */
export async function openTestDatabase(kind: 'pglite' | 'postgres'): Promise<Database> {
  if (kind === 'pglite') {
    const template = await migratedDump();
    const db = await openDatabase({
      dataDir: 'memory://',
      ...(template ? { loadDataDir: template } : {}),
    });
    // Nothing to apply when it started from the dump; everything when it did not.
    await migrate(db);
    return db;
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  const schema = `test_${randomBytes(8).toString('hex')}`;
  await withAdminClient(url, (client) => client.query(`create schema ${schema}`));
  const db = await openDatabase({ databaseUrl: url, dataDir: '', schema });
  await migrate(db);
  return {
    ...db,
    async close() {
      await db.close();
      await withAdminClient(url, (client) => client.query(`drop schema ${schema} cascade`));
    },
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data directory dumped as a tar file (tests/setup/pgliteDumpTemplate.ts). */
    pgliteDumpPath: string;
    /** The same migrated database as a closed PGlite data directory, for spawned servers to copy. */
    pgliteMigratedDir: string;
  }
}

/**
 * Fills `dataDir` (a path that does not exist yet) with a copy of the migrated PGlite directory
 * the server project's globalSetup made, for a spawned server or a test that opens it: creating
 * one runs initdb in WebAssembly, seconds on a busy machine, where the copy is a few megabytes.
 * Outside that project it does nothing and the first open creates the database as in production.
 */
export async function copyMigratedPglite(dataDir: string): Promise<void> {
  const template = inject('pgliteMigratedDir');
  if (template) await cp(template, dataDir, { recursive: true });
}

let dump: Promise<Blob | undefined> | undefined;

/**
 * The migrated database the server project's globalSetup dumped (tests/setup/pgliteDumpTemplate.ts),
 * read once per test file; undefined outside that project, where each database is created anew.
 */
function migratedDump(): Promise<Blob | undefined> {
  dump ??= (async () => {
    const path = inject('pgliteDumpPath');
    return path ? new Blob([await readFile(path)]) : undefined;
  })();
  return dump;
}

async function withAdminClient(url: string, work: (client: pg.Client) => Promise<unknown>) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}

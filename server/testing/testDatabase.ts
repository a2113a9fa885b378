import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openDatabase } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';

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
    const db = await openDatabase({ dataDir: 'memory://' });
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

async function withAdminClient(url: string, work: (client: pg.Client) => Promise<unknown>) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}

import { readdir, readFile } from 'node:fs/promises';
import type { Database } from './database.ts';

const MIGRATIONS_DIR = new URL('./migrations/', import.meta.url);
const MIGRATION_NAME = /^\d{4}_[a-z0-9_]+\.sql$/;
/** Arbitrary constant shared by every Gridmind process: only one of them migrates at a time. */
const MIGRATION_LOCK_KEY = 4_206_911;

/**
 * Applies every `migrations/NNNN_name.sql` not yet recorded in `schema_migrations`, in name order,
 * in one transaction under an advisory lock, so concurrent start-ups never apply one twice.
 * Resolves to the names applied now.
 */
export async function migrate(db: Database, directory: URL = MIGRATIONS_DIR): Promise<string[]> {
  const names = (await readdir(directory)).filter((name) => MIGRATION_NAME.test(name)).sort();
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await tx.exec(
      `create table if not exists schema_migrations (
         name text primary key,
         applied_at timestamptz not null default now()
       )`,
    );
    const { rows } = await tx.query<{ name: string }>('select name from schema_migrations');
    const applied = new Set(rows.map((row) => row.name));
    const appliedNow: string[] = [];
    for (const name of names) {
      if (applied.has(name)) continue;
      await tx.exec(await readFile(new URL(name, directory), 'utf8'));
      await tx.query('insert into schema_migrations (name) values ($1)', [name]);
      appliedNow.push(name);
    }
    return appliedNow;
  });
}

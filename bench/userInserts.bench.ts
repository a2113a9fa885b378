/**
 * What a first sign-in's user row costs its database, and how much of it is the admin search's
 * trigram indexes: 10,000 users inserted 250 a statement (as a burst's sign-ins are batched) on a
 * freshly migrated embedded database, with the indexes as migrated (pending lists of 256 kB,
 * migration 0950), as 0910 made them (no pending list), and without them. `USERS_DATABASE_URL`
 * names an empty PostgreSQL database to run the same there too (each variant in its own schema).
 * `npm run bench -- userInserts`.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { figureNumber, figureRowReport } from '#scripts/figuresTable.ts';
import { type Database, openDatabase } from '#server/db/database.ts';
import { migrate } from '#server/db/migrate.ts';

const USERS = 10_000;
const PER_STATEMENT = 250;
const TRIGRAM_INDEXES = ['users_address_trgm', 'users_nickname_trgm'];

const VARIANTS: { name: string; change: string | null }[] = [
  { name: 'as migrated (pending lists of 256 kB)', change: null },
  { name: 'no pending list (migration 0910)', change: 'set (fastupdate = off)' },
  { name: 'without the trigram indexes', change: 'drop' },
];

async function insertUsers(db: Database): Promise<number> {
  const started = performance.now();
  for (let done = 0; done < USERS; done += PER_STATEMENT) {
    const addresses = Array.from(
      { length: PER_STATEMENT },
      () => `0x${randomBytes(20).toString('hex')}`,
    );
    await db.query(
      `insert into users (address, nickname, balance)
       select a, 'Bench' || substr(a, 3, 12), 1000 from unnest($1::text[]) as i(a)`,
      [addresses],
    );
  }
  return (performance.now() - started) / USERS;
}

async function runVariant(open: () => Promise<Database>, change: string | null) {
  const db = await open();
  try {
    await migrate(db);
    for (const index of change === null ? [] : TRIGRAM_INDEXES) {
      await db.query(change === 'drop' ? `drop index ${index}` : `alter index ${index} ${change}`);
    }
    return await insertUsers(db);
  } finally {
    await db.close();
  }
}

/** The FIGURES.md row: a user's insert on each database, trigram indexes as migrated. */
function printRow(asMigrated: string[], command: string): void {
  console.log(
    figureRowReport({
      figure: `a first sign-in's user row, ${figureNumber(PER_STATEMENT)} a statement`,
      target: 'none',
      value: asMigrated.join(', '),
      command,
    }),
  );
}

export default async function userInsertsBench(): Promise<void> {
  const asMigrated: string[] = [];
  for (const variant of VARIANTS) {
    const dir = await mkdtemp(join(tmpdir(), 'gridmind-user-inserts-'));
    try {
      const ms = await runVariant(() => openDatabase({ dataDir: dir }), variant.change);
      console.log(`pglite, ${variant.name}: ${ms.toFixed(3)} ms a user`);
      if (variant.change === null) asMigrated.push(`PGlite ${ms.toFixed(3)} ms`);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
  const url = process.env.USERS_DATABASE_URL;
  if (!url) {
    console.log('(set USERS_DATABASE_URL to an empty PostgreSQL database to run it there too)');
    printRow(asMigrated, '`npm run bench -- userInserts`');
    return;
  }
  for (const [n, variant] of VARIANTS.entries()) {
    const schema = `bench_user_inserts_${n}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop schema if exists ${schema} cascade; create schema ${schema}`);
    try {
      const ms = await runVariant(
        () => openDatabase({ databaseUrl: url, dataDir: '', schema }),
        variant.change,
      );
      console.log(`postgres, ${variant.name}: ${ms.toFixed(3)} ms a user`);
      if (variant.change === null) asMigrated.push(`PostgreSQL ${ms.toFixed(3)} ms`);
    } finally {
      await admin.query(`drop schema ${schema} cascade`);
      await admin.end();
    }
  }
  printRow(
    asMigrated,
    '`USERS_DATABASE_URL=postgres://postgres@127.0.0.1:5432/ui_a npm run bench -- userInserts`',
  );
}

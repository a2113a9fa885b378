/**
 * The server project's vitest globalSetup: one migrated in-memory PGlite, dumped to a file once
 * per run, that every server test's PGlite database starts from (`openTestDatabase`). Creating
 * a PGlite database runs initdb in WebAssembly: measured on two cores busy with a test run,
 * 7–22 s an open, against 1.3–2.3 s to start from the dump. The migrated directory is provided
 * as well, for the tests that spawn a server on an embedded database (copyMigratedPglite).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '#server/db/database.ts';
import { migrate } from '#server/db/migrate.ts';
import { PGLITE_EXTENSIONS } from '#server/db/pgliteDatabase.ts';
// `pgliteDumpPath` is declared where it is read.
import type {} from '#server/testing/testDatabase.ts';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const root = await mkdtemp(join(tmpdir(), 'gridmind-server-template-'));
  const path = join(root, 'migrated.tar');
  // Migrated through the app's own database layer, then dumped from a PGlite of the same data.
  const dir = join(root, 'data');
  const db = await openDatabase({ dataDir: dir });
  await migrate(db);
  await db.close();
  const pglite = await PGlite.create({ dataDir: dir, extensions: PGLITE_EXTENSIONS });
  const dump = await pglite.dumpDataDir('none');
  await pglite.close();
  await writeFile(path, new Uint8Array(await dump.arrayBuffer()));
  project.provide('pgliteDumpPath', path);
  // The directory itself too, closed: spawned servers' embedded databases start from a copy.
  project.provide('pgliteMigratedDir', dir);
  return () => rm(root, { recursive: true, force: true });
}

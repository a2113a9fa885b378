/**
 * The e2e project's vitest globalSetup: one migrated PGlite data directory, made once, that every
 * test server starts from a copy of. Creating a PGlite directory runs initdb in WebAssembly and
 * syncs every file it writes, seconds per server on two cores; the copy is a few megabytes. The
 * server's own start-up (open, migrate, roster) still runs on the copy as on any restart.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '#server/db/database.ts';
import { migrate } from '#server/db/migrate.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated, closed PGlite data directory for test servers to copy (see startServer). */
    pgliteTemplateDir: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const root = await mkdtemp(join(tmpdir(), 'gridmind-e2e-template-'));
  const dataDir = join(root, 'data');
  const db = await openDatabase({ dataDir });
  await migrate(db);
  await db.close();
  project.provide('pgliteTemplateDir', dataDir);
  return () => rm(root, { recursive: true, force: true });
}

import type { EndgameTables } from './tables.ts';

// Core reads no files: the server (or a script) loads the tables and hands them over here, once
// per thread; until then searches and verdicts go on without them.
let installed: EndgameTables | null = null;

/** Makes searches and verdicts of this thread use the tables (null to stop). */
export function installCheckersEndgame(tables: EndgameTables | null): void {
  installed = tables;
}

/** The tables this thread uses, or null. */
export function checkersEndgame(): EndgameTables | null {
  return installed;
}

import { mkdir } from 'node:fs/promises';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import type { Database, Queryable } from './database.ts';

function queryable(target: PGlite | Transaction): Queryable {
  return {
    async query<Row>(sql: string, params?: unknown[]) {
      const result = await target.query<Row>(sql, params);
      return { rows: result.rows };
    },
    async exec(sql: string) {
      await target.exec(sql);
    },
  };
}

/**
 * PGlite runs SQL on this thread, and a queue of queries resolves through promises alone, so
 * under a stream of bets the event loop could go seconds without reading its sockets: new
 * watchers' streams were accepted and then not read for up to 20 s while bets kept flowing.
 * Each statement outside a transaction and each transaction first waits one turn of the event
 * loop, so sockets are read between them (statements inside a transaction do not, to keep it
 * short).
 */
const turnOfTheEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The embedded database: PGlite (PostgreSQL in WebAssembly) stored in dataDir. */
export async function openPgliteDatabase(dataDir: string): Promise<Database> {
  if (!dataDir.includes('://')) await mkdir(dataDir, { recursive: true });
  const pglite = await PGlite.create(dataDir);
  const direct = queryable(pglite);
  return {
    kind: 'pglite',
    async query(sql, params) {
      await turnOfTheEventLoop();
      return direct.query(sql, params);
    },
    exec: direct.exec,
    async transaction(work) {
      await turnOfTheEventLoop();
      return pglite.transaction((tx) => work(queryable(tx)));
    },
    async listen(channel, onPayload) {
      const unsubscribe = await pglite.listen(channel, onPayload);
      return async () => {
        if (!pglite.closed) await unsubscribe();
      };
    },
    async notify(channel, payload) {
      await pglite.query('select pg_notify($1, $2)', [channel, payload]);
    },
    async close() {
      if (!pglite.closed) await pglite.close();
    },
  };
}

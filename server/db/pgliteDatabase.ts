import { mkdir } from 'node:fs/promises';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
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
 * The PostgreSQL extensions the migrations create, which PGlite must load at every start
 * (pg_trgm: the admin's user search, migration 0910).
 */
export const PGLITE_EXTENSIONS = { pg_trgm };

/**
 * PGlite runs SQL on this thread, and a queue of queries resolves through promises alone, so
 * under a stream of bets the event loop could go seconds without reading its sockets: new
 * watchers' streams were accepted and then not read for up to 20 s while bets kept flowing.
 * Statements outside a transaction and whole transactions therefore run one at a time, each
 * after a turn of the event loop (statements inside a transaction do not wait, to keep it
 * short). PGlite has one session, so they ran one at a time anyway. Never call the database
 * itself (rather than the transaction's `tx`) inside a transaction: it would wait for the
 * transaction, which waits for it.
 */
function takingTurns(): <T>(run: () => Promise<T>) => Promise<T> {
  let previous: Promise<unknown> = Promise.resolve();
  return (run) => {
    const result = previous
      .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
      .then(run);
    previous = result.catch(() => {});
    return result;
  };
}

/**
 * The embedded database: PGlite (PostgreSQL in WebAssembly) stored in dataDir, started from the
 * dumped data directory `loadDataDir` when one is given.
 */
export async function openPgliteDatabase(dataDir: string, loadDataDir?: Blob): Promise<Database> {
  if (!dataDir.includes('://')) await mkdir(dataDir, { recursive: true });
  const pglite = await PGlite.create({
    dataDir,
    extensions: PGLITE_EXTENSIONS,
    ...(loadDataDir ? { loadDataDir } : {}),
  });
  const direct = queryable(pglite);
  const inTurn = takingTurns();
  return {
    kind: 'pglite',
    query: (sql, params) => inTurn(() => direct.query(sql, params)),
    exec: (sql) => inTurn(() => direct.exec(sql)),
    transaction: (work) => inTurn(() => pglite.transaction((tx) => work(queryable(tx)))),
    async listen(channel, onPayload) {
      const unsubscribe = await pglite.listen(channel, onPayload);
      return async () => {
        if (!pglite.closed) await unsubscribe();
      };
    },
    async notify(channel, payload) {
      await inTurn(() => pglite.query('select pg_notify($1, $2)', [channel, payload]));
    },
    async close() {
      if (!pglite.closed) await pglite.close();
    },
  };
}

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

/** The embedded database: PGlite (PostgreSQL in WebAssembly) stored in dataDir. */
export async function openPgliteDatabase(dataDir: string): Promise<Database> {
  if (!dataDir.includes('://')) await mkdir(dataDir, { recursive: true });
  const pglite = await PGlite.create(dataDir);
  return {
    kind: 'pglite',
    ...queryable(pglite),
    transaction: (work) => pglite.transaction((tx) => work(queryable(tx))),
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

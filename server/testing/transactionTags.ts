import type { Database, Queryable } from '#server/db/database.ts';

/** A statement, with the transaction it ran in (0: none). */
export interface TaggedStatement {
  transaction: number;
  sql: string;
}

/** The same database, noting each statement with the transaction it ran in. */
export function tagTransactions(db: Database, statements: TaggedStatement[]): Database {
  let transactions = 0;
  const tagged = (target: Queryable, transaction: number): Queryable => ({
    query<Row>(sql: string, params: unknown[] = []) {
      statements.push({ transaction, sql });
      return target.query<Row>(sql, params);
    },
    exec: (sql) => target.exec(sql),
  });
  return {
    ...db,
    ...tagged(db, 0),
    transaction: (work) => {
      const transaction = ++transactions;
      return db.transaction((tx) => work(tagged(tx, transaction)));
    },
  };
}

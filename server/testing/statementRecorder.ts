import type { Database, Queryable } from '#server/db/database.ts';

/** A statement the code issued, with its parameters. */
export interface RecordedStatement {
  sql: string;
  params: unknown[];
}

/**
 * The same database, noting every parameterised statement (`query`, inside transactions too)
 * in `statements` before running it: what a test EXPLAINs as the code issued it.
 */
export function recordStatements(db: Database, statements: RecordedStatement[]): Database {
  const recording = (target: Queryable): Queryable => ({
    query<Row>(sql: string, params: unknown[] = []) {
      statements.push({ sql, params });
      return target.query<Row>(sql, params);
    },
    exec: (sql) => target.exec(sql),
  });
  return {
    ...db,
    ...recording(db),
    transaction: (work) => db.transaction((tx) => work(recording(tx))),
  };
}

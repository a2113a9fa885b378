/** Anything that runs SQL: the database itself or a transaction inside it. */
export interface Queryable {
  /** One statement with `$1…` parameters. */
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: Row[] }>;
  /** Several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

/** The one database interface the server uses, backed by PGlite or a PostgreSQL server. */
export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs work in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Subscribes to a NOTIFY channel; resolves to the unsubscribe function. `onReconnect` runs when
   * the LISTEN connection was lost and is back (PostgreSQL only): notifications sent meanwhile
   * were missed, so whatever they would have said must be read back.
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    onReconnect?: () => void,
  ): Promise<() => Promise<void>>;
  /** Sends a NOTIFY (as `select pg_notify($1, $2)`, which both back ends accept). */
  notify(channel: string, payload: string): Promise<void>;
  /**
   * PostgreSQL only: the process's one connection outside the pool, for what lasts as long as a
   * session (the runners' presence locks); opened on first use, and again on the first use after
   * it was lost.
   */
  session?(): Promise<DatabaseSession>;
  close(): Promise<void>;
}

/** A connection of its own (`Database.session`): what it holds lasts until it closes. */
export interface DatabaseSession extends Queryable {
  /** Whether the connection is still open: once lost, what it held is gone. */
  open(): boolean;
}

/** Where the data lives: a PostgreSQL server when databaseUrl is set, else PGlite in dataDir. */
export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  /** A folder, or `memory://` for a throw-away in-memory PGlite. */
  dataDir: string;
  /** PostgreSQL only: the schema every connection uses (isolated test schemas). */
  schema?: string;
  /**
   * PGlite only: start from this dumped data directory (`dumpDataDir`) instead of an empty one.
   * The server tests start every in-memory database from one migrated dump: creating one runs
   * initdb in WebAssembly, seconds a database on two busy cores.
   */
  loadDataDir?: Blob;
}

/** Opens the configured database. Both back ends speak the same plain PostgreSQL. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const { openPostgresDatabase } = await import('./postgresDatabase.ts');
    return openPostgresDatabase(options.databaseUrl, options.schema);
  }
  const { openPgliteDatabase } = await import('./pgliteDatabase.ts');
  return openPgliteDatabase(options.dataDir, options.loadDataDir);
}

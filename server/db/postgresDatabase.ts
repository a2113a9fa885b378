import pg from 'pg';
import type { Database, DatabaseSession, Queryable } from './database.ts';

type Listener = (payload: string) => void;

function queryable(target: pg.Pool | pg.ClientBase): Queryable {
  return {
    async query<Row>(sql: string, params?: unknown[]) {
      const result = await target.query(sql, params);
      return { rows: result.rows as Row[] };
    },
    async exec(sql: string) {
      // Without parameters pg uses the simple protocol, which accepts several statements.
      await target.query(sql);
    },
  };
}

const quoteIdentifier = (name: string) => `"${name.replaceAll('"', '""')}"`;

// The LISTEN connection, once lost, is reopened after 100 ms, then 200, 400 … up to 5 s apart.
const RELISTEN_FIRST_MS = 100;
const RELISTEN_MAX_MS = 5_000;

/**
 * A PostgreSQL server through a `pg` pool; LISTEN runs on one dedicated connection that reconnects
 * by itself when the server goes away (a restart, a failover) and then tells the listeners, which
 * may have missed notifications meanwhile.
 */
export async function openPostgresDatabase(url: string, schema?: string): Promise<Database> {
  const clientConfig = {
    connectionString: url,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  };
  const pool = new pg.Pool({ ...clientConfig, max: 10 });
  // Fail at start-up, not at the first request, when the server is unreachable.
  await pool.query('select 1');
  pool.on('error', () => {
    // An idle client dropped by the server; the pool replaces it on the next checkout.
  });

  const listeners = new Map<string, Set<Listener>>();
  const onRestored = new Set<() => void>();
  let listenClient: pg.Client | null = null;
  let firstConnect: Promise<void> | null = null;
  let reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  let closed = false;

  const openListenClient = async (): Promise<pg.Client> => {
    const client = new pg.Client(clientConfig);
    // A lost connection emits 'error' then 'end'; 'end' starts the reconnection. Without a
    // listener the 'error' event would end the process.
    client.on('error', () => {});
    client.on('notification', (message) => {
      for (const listener of listeners.get(message.channel) ?? []) listener(message.payload ?? '');
    });
    client.once('end', () => {
      if (listenClient !== client) return;
      listenClient = null;
      if (!closed) scheduleReconnect(0);
    });
    try {
      await client.connect();
      for (const channel of listeners.keys())
        await client.query(`listen ${quoteIdentifier(channel)}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    return client;
  };

  const scheduleReconnect = (attempt: number) => {
    reconnectTimer = setTimeout(
      () => {
        reconnectTimer = null;
        openListenClient().then(
          (client) => {
            if (closed) return void client.end().catch(() => undefined);
            listenClient = client;
            for (const restored of onRestored) restored();
          },
          () => {
            if (!closed) scheduleReconnect(attempt + 1);
          },
        );
      },
      Math.min(RELISTEN_FIRST_MS * 2 ** attempt, RELISTEN_MAX_MS),
    );
    reconnectTimer.unref();
  };

  /** Opens the LISTEN connection the first time; afterwards the reconnection keeps it open. */
  const ensureListening = async () => {
    if (listenClient || reconnectTimer) return;
    firstConnect ??= openListenClient().then(
      (client) => {
        listenClient = client;
      },
      (error: unknown) => {
        firstConnect = null;
        throw error;
      },
    );
    await firstConnect;
  };

  // The session connection (Database.session), set while it is open or opening.
  let session: Promise<DatabaseSession> | null = null;
  let sessionClient: pg.Client | null = null;
  const openSession = (): Promise<DatabaseSession> => {
    const client = new pg.Client(clientConfig);
    sessionClient = client;
    let open = true;
    // Without a listener a lost connection's 'error' would end the process; 'end' follows it.
    client.on('error', () => {});
    const opening = client.connect().then(() => ({ ...queryable(client), open: () => open }));
    const lost = () => {
      open = false;
      if (session === opening) session = null;
    };
    client.once('end', lost);
    opening.catch(lost);
    session = opening;
    return opening;
  };

  return {
    kind: 'postgres',
    ...queryable(pool),
    async transaction(work) {
      const client = await pool.connect();
      // A connection lost between two statements emits 'error' on the checked-out client; the
      // next statement fails and the transaction is rolled back like any other failure.
      const onError = () => {};
      client.on('error', onError);
      let broken: Error | undefined;
      try {
        await client.query('begin');
        const result = await work(queryable(client));
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch((rollbackError: Error) => {
          broken = rollbackError;
        });
        throw error;
      } finally {
        client.removeListener('error', onError);
        // A connection that cannot even roll back is discarded, not returned to the pool.
        client.release(broken);
      }
    },
    async listen(channel, onPayload, onReconnect) {
      let channelListeners = listeners.get(channel);
      const first = !channelListeners;
      if (!channelListeners) {
        channelListeners = new Set();
        listeners.set(channel, channelListeners);
      }
      channelListeners.add(onPayload);
      if (onReconnect) onRestored.add(onReconnect);
      await ensureListening();
      // While reconnecting there is no connection: the reconnection LISTENs on every channel.
      if (first && listenClient) await listenClient.query(`listen ${quoteIdentifier(channel)}`);
      return async () => {
        if (onReconnect) onRestored.delete(onReconnect);
        const current = listeners.get(channel);
        if (!current?.delete(onPayload) || current.size > 0) return;
        listeners.delete(channel);
        await listenClient?.query(`unlisten ${quoteIdentifier(channel)}`).catch(() => undefined);
      };
    },
    async notify(channel, payload) {
      await pool.query('select pg_notify($1, $2)', [channel, payload]);
    },
    session() {
      if (closed) return Promise.reject(new Error('the database is closed'));
      return session ?? openSession();
    },
    async close() {
      closed = true;
      await sessionClient?.end().catch(() => undefined);
      if (reconnectTimer) clearTimeout(reconnectTimer);
      const client = listenClient;
      listenClient = null;
      await client?.end().catch(() => undefined);
      listeners.clear();
      onRestored.clear();
      await pool.end();
    },
  };
}

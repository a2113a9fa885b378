import pg from 'pg';
import type { Database, Queryable } from './database.ts';

type Listener = (payload: string) => void;

function queryable(target: pg.Pool | pg.PoolClient): Queryable {
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

/** A PostgreSQL server through a `pg` pool; LISTEN runs on one dedicated connection. */
export async function openPostgresDatabase(url: string, schema?: string): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  // Fail at start-up, not at the first request, when the server is unreachable.
  await pool.query('select 1');
  pool.on('error', () => {
    // An idle client dropped by the server; the pool replaces it on the next checkout.
  });

  const listeners = new Map<string, Set<Listener>>();
  let listenClient: Promise<pg.PoolClient> | undefined;
  const listenConnection = () => {
    listenClient ??= pool.connect().then((client) => {
      client.on('notification', (message) => {
        for (const listener of listeners.get(message.channel) ?? []) {
          listener(message.payload ?? '');
        }
      });
      return client;
    });
    return listenClient;
  };

  return {
    kind: 'postgres',
    ...queryable(pool),
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await work(queryable(client));
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async listen(channel, onPayload) {
      const client = await listenConnection();
      let channelListeners = listeners.get(channel);
      if (!channelListeners) {
        channelListeners = new Set();
        listeners.set(channel, channelListeners);
        await client.query(`listen ${quoteIdentifier(channel)}`);
      }
      channelListeners.add(onPayload);
      return async () => {
        const current = listeners.get(channel);
        if (!current?.delete(onPayload) || current.size > 0) return;
        listeners.delete(channel);
        await client.query(`unlisten ${quoteIdentifier(channel)}`).catch(() => undefined);
      };
    },
    async notify(channel, payload) {
      await pool.query('select pg_notify($1, $2)', [channel, payload]);
    },
    async close() {
      if (listenClient) (await listenClient).release();
      listeners.clear();
      await pool.end();
    },
  };
}

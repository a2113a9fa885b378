import pg from 'pg';

/** What the sessions waited on during a rush, as one line, and the WAL written meanwhile. */
export interface RushWaits {
  description: string;
  walMegabytes: number;
}

/**
 * Samples what the active sessions on the bench's database (not the whole server) wait on (pg_stat_activity) every few milliseconds
 * on its own connection, until stopped; returns the counts, most frequent first, for the bench to
 * print beside its figures (a MultiXact or row-lock queue shows up here). A lock's wait is
 * counted with the first words of the statement that waits, so the queue can be found. Also the
 * WAL the server wrote meanwhile (every database's: the bench is its only writer), where a
 * grown database's full-page images show.
 */
export async function sampleWaits(url: string): Promise<() => Promise<RushWaits>> {
  const target = new URL(url);
  target.searchParams.delete('options');
  const client = new pg.Client({ connectionString: target.toString() });
  await client.connect();
  const walFrom = await walPosition(client);
  const counts = new Map<string, number>();
  let samples = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const { rows } = await client.query<{ wait: string }>(
        `select coalesce(wait_event_type || ':' || wait_event, 'CPU')
                || case when wait_event_type = 'Lock'
                        then ' (' || left(regexp_replace(query, '\\s+', ' ', 'g'), 40) || '…)'
                        else '' end as wait
           from pg_stat_activity
          where state = 'active' and backend_type = 'client backend' and pid <> pg_backend_pid()
            and datname = current_database()`,
      );
      samples++;
      for (const { wait } of rows) counts.set(wait, (counts.get(wait) ?? 0) + 1);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  })();
  return async () => {
    running = false;
    await loop;
    const { rows } = await client.query<{ bytes: string }>(
      'select pg_wal_lsn_diff(pg_current_wal_lsn(), $1)::text as bytes',
      [walFrom],
    );
    await client.end();
    const top = [...counts].sort((a, b) => b[1] - a[1]).slice(0, 6);
    const walMegabytes = Number(rows[0]?.bytes) / 2 ** 20;
    return {
      description:
        `${samples} samples of active sessions: ${top.map(([wait, n]) => `${wait} ${n}`).join(', ')}; ` +
        `WAL written meanwhile ${walMegabytes.toFixed(1)} MB`,
      walMegabytes,
    };
  };
}

/** The server's WAL position now. */
async function walPosition(client: pg.Client): Promise<string> {
  const { rows } = await client.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn');
  return rows[0]?.lsn ?? '0/0';
}

/**
 * Bot streams nobody reads: SLOW_READERS (1,000) event streams of SLOW_READERS / 2 bots (two
 * streams each, the most a bot holds), on raw sockets that stop reading once the answer's head has
 * come. Each bot's log then gets SLOW_READER_LOG_MB (2) of events, more than a loopback socket's
 * kernel buffers hold, so every stream fills. Prints the server's memory (after a full GC) before
 * the streams, with them open, and while and after the events arrive, and how many bots are still
 * online (a bot goes offline when the server drops its last stream): a stream writes only while
 * its socket takes more, so memory should stay flat.
 * Samples every 5 s for up to SLOW_READER_SECONDS (120), until no bot is online. Seeds the logs
 * directly, so it needs DATABASE_URL (a PostgreSQL).
 */
import type { Socket } from 'node:net';
import pg from 'pg';
import { figureNumber, figureRange, figureRowReport } from '#scripts/figuresTable.ts';
import { openUnreadStream } from '#server/testing/unreadStream.ts';
import { startBenchServer } from './support/benchServer.ts';
import { LoadRecorder } from './support/httpLoad.ts';
import { envCount, signInClients } from './support/workload.ts';

const MB = 2 ** 20;
const EVENT_BYTES = 4096;

export default async function botSlowReadersBench(): Promise<void> {
  if (!process.env.DATABASE_URL) {
    console.log('(needs DATABASE_URL: the bench writes the bots’ logs straight into PostgreSQL)');
    return;
  }
  const readers = envCount('SLOW_READERS', 1000);
  const logMb = envCount('SLOW_READER_LOG_MB', 2);
  const seconds = envCount('SLOW_READER_SECONDS', 120);
  const bots = Math.ceil(readers / 2);
  const server = await startBenchServer({
    LIVE_MATCHES: '0',
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    WRITE_RATE_LIMIT_PER_MINUTE: '100000',
    BOT_STREAMS_PER_ADDRESS: String(readers),
    BOT_HEARTBEAT_MS: '1000',
  });
  const db = new pg.Client({ connectionString: server.databaseUrl });
  await db.connect();
  const sockets: Socket[] = [];
  /** Prints the server's memory and how many bots are online; returns its heap in MB. */
  const memory = async (label: string): Promise<number> => {
    const { rss, heapUsed, external } = await server.memory();
    const { rows } = await db.query<{ online: number }>(
      'select count(*)::int as online from bots where online_until is not null',
    );
    console.log(
      `${label.padEnd(28)} RSS ${(rss / MB).toFixed(0).padStart(5)} MB  heap ` +
        `${(heapUsed / MB).toFixed(0).padStart(4)} MB  external ${(external / MB).toFixed(0).padStart(4)} MB` +
        `  bots online ${rows[0]?.online}`,
    );
    return heapUsed / MB;
  };
  try {
    const owners = await signInClients(server.origin, new LoadRecorder(), Math.ceil(bots / 3));
    const registered: { id: string; token: string }[] = [];
    for (let index = 0; registered.length < bots; index++) {
      const owner = owners[Math.floor(index / 3)];
      if (!owner) throw new Error('not enough owners signed in');
      const { status, body } = await owner.send('register', '/api/bots', {
        method: 'POST',
        json: { name: `Slow reader ${index}`, games: ['connect4'] },
      });
      if (status !== 201) throw new Error(`registering a bot answered ${status}: ${body}`);
      registered.push(JSON.parse(body) as { id: string; token: string });
    }
    const heapBeforeMb = await memory('before the streams');
    const heapWhileMb: number[] = [];
    for (let index = 0; index < readers; index++) {
      const bot = registered[index % bots];
      if (bot) sockets.push(await openUnreadStream(server.origin, bot.token));
    }
    await memory(`${readers} streams open`);

    // One match per bot to hang its events on, then each bot's log, then one wake-up each.
    const { rows } = await db.query<{ id: string }>(
      `select id from agents where kind = 'builtin' order by id limit 1`,
    );
    const opponent = rows[0]?.id ?? '';
    const events = Math.ceil((logMb * MB) / EVENT_BYTES);
    const started = performance.now();
    for (const bot of registered) {
      await db.query(
        `with m as (
           insert into matches (id, game, status, first_agent_id, second_agent_id, first_rating,
             second_rating, seed, moves, started_at, starts_at)
           values (gen_random_uuid()::text, 'connect4', 'live', $1, $2, 1500, 1500, 1, '', now(), now())
           returning id)
         insert into bot_events (bot_id, match_id, kind, payload)
         select $1, m.id, 'move', jsonb_build_object('matchId', m.id, 'pad', repeat('x', $3::int))
         from m, generate_series(1, $4::int)`,
        [bot.id, opponent, EVENT_BYTES, events],
      );
      await db.query(`select pg_notify('gridmind_bot_events', $1)`, [bot.id]);
    }
    console.log(
      `seeded ${bots} logs of ${logMb} MB in ${((performance.now() - started) / 1000).toFixed(0)} s`,
    );
    for (let second = 5; second <= seconds; second += 5) {
      await new Promise((resolve) => setTimeout(resolve, 5000));
      heapWhileMb.push(await memory(`${second} s after the events`));
      const { rows: online } = await db.query('select 1 from bots where online_until is not null');
      if (online.length === 0) break;
    }
    console.log(
      figureRowReport({
        figure: `server heap with ${figureNumber(readers)} bot streams not reading`,
        target: 'flat',
        value: `${heapBeforeMb.toFixed(0)} MB before, ${figureRange(heapWhileMb)} MB while ${logMb} MB a bot arrived`,
        command: '`DATABASE_URL=<postgres> npm run bench -- botSlowReaders`',
      }),
    );
  } finally {
    for (const socket of sockets) socket.destroy();
    await db.end();
    await server.stop();
  }
}

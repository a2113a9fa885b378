/**
 * Soak: a steady, moderate load on one real server for SOAK_MINUTES (default 10): bettors at a
 * human pace, watchers coming and going, a new wallet signing in every few seconds. Prints the
 * server's RSS and post-GC heap every 30 s, then the least-squares slope of each, to show whether
 * memory stays flat. Runs only when named: `npm run bench -- soak`. With SOAK_DATABASE_URL the
 * server runs on that PostgreSQL database as it is, e.g. a copy of the grown template
 * (`createdb -T grown_template grown_soak`; 100k users, 1M bets, 50k matches), so the soak
 * sees the tables a busy platform has; it prints their row counts before and after.
 */
import pg from 'pg';
import { figureRange, figureRowReport } from '#scripts/figuresTable.ts';
import { startBenchServer } from './support/benchServer.ts';
import { LoadRecorder } from './support/httpLoad.ts';
import {
  envCount,
  LOAD_SERVER_ENV,
  runBettors,
  runWatchers,
  signInClients,
  watchMatchList,
} from './support/workload.ts';

/** Too long for the default `npm run bench`. */
export const runOnlyWhenNamed = true;

const SAMPLE_EVERY_MS = 30_000;
const MB = 2 ** 20;

/** Least-squares slope of y over x. */
function slope(points: readonly { x: number; y: number }[]): number {
  const n = points.length;
  const meanX = points.reduce((sum, p) => sum + p.x, 0) / n;
  const meanY = points.reduce((sum, p) => sum + p.y, 0) / n;
  const covariance = points.reduce((sum, p) => sum + (p.x - meanX) * (p.y - meanY), 0);
  const variance = points.reduce((sum, p) => sum + (p.x - meanX) ** 2, 0);
  return variance === 0 ? 0 : covariance / variance;
}

/** Rows in the tables that grow, so a run says how grown its database was. */
async function tableSizes(databaseUrl: string): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<Record<string, string>>(
      `select (select count(*) from users) as users, (select count(*) from bets) as bets,
              (select count(*) from matches) as matches, (select count(*) from sessions) as sessions`,
    );
    return Object.entries(rows[0] ?? {})
      .map(([table, count]) => `${table} ${Number(count).toLocaleString('en')}`)
      .join(', ');
  } finally {
    await client.end();
  }
}

/** Runs the soak and prints memory samples and slopes. */
export default async function soakBench(): Promise<void> {
  const minutes = envCount('SOAK_MINUTES', 10);
  const users = envCount('SOAK_USERS', 50);
  const watchers = envCount('SOAK_WATCHERS', 200);
  const grownUrl = process.env.SOAK_DATABASE_URL;
  if (grownUrl) console.log(`database before: ${await tableSizes(grownUrl)}`);
  const server = await startBenchServer(LOAD_SERVER_ENV, grownUrl ? { databaseUrl: grownUrl } : {});
  const recorder = new LoadRecorder();
  const started = Date.now();
  const deadline = started + minutes * 60_000;
  const over = () => Date.now() > deadline;
  try {
    const clients = await signInClients(server.origin, recorder, users);
    const matches = watchMatchList(server.origin, over);
    await matches.ready;
    const newcomers = (async () => {
      // Sessions keep being made (and abandoned), as on a public site.
      while (!over()) {
        clients.push(...(await signInClients(server.origin, recorder, 1)));
        await new Promise((resolve) => setTimeout(resolve, 5_000));
      }
    })();
    const work = Promise.all([
      runBettors({ clients, matches: matches.ids, until: over, maxBets: Infinity, pauseMs: 2_000 }),
      runWatchers({
        origin: server.origin,
        recorder,
        count: watchers,
        matches: matches.ids,
        until: over,
        churnMs: 30_000,
      }),
      newcomers,
      matches.done,
    ]);
    const samples: { minute: number; rssMb: number; heapMb: number }[] = [];
    console.log(`${server.database}, ${minutes} min, ${users}+ users, ${watchers} watchers`);
    console.log('  min   RSS MB  heap MB (after GC)');
    // On a fixed 30 s grid from the start, however long each sample takes on a busy machine.
    for (let next = started + SAMPLE_EVERY_MS; !over(); next += SAMPLE_EVERY_MS) {
      await new Promise((resolve) =>
        setTimeout(resolve, Math.max(0, Math.min(next, deadline) - Date.now())),
      );
      const memory = await server.memory();
      const sample = {
        minute: (Date.now() - started) / 60_000,
        rssMb: memory.rss / MB,
        heapMb: memory.heapUsed / MB,
      };
      samples.push(sample);
      console.log(
        `${sample.minute.toFixed(1).padStart(5)} ${sample.rssMb.toFixed(1).padStart(8)} ${sample.heapMb.toFixed(1).padStart(8)}`,
      );
    }
    const [, ...steady] = samples; // the first sample includes start-up and warm-up
    const series = steady.length >= 2 ? steady : samples;
    const rssSlope = slope(series.map((s) => ({ x: s.minute, y: s.rssMb }))).toFixed(2);
    const heapSlope = slope(series.map((s) => ({ x: s.minute, y: s.heapMb }))).toFixed(2);
    console.log(
      `slope over ${series.length} samples: RSS ${rssSlope} MB/min, heap ${heapSlope} MB/min`,
    );
    console.log(
      figureRowReport({
        figure: `${minutes}-minute soak on ${grownUrl ? 'a grown PostgreSQL' : server.database}: RSS, post-GC heap`,
        target: 'no growth',
        value:
          `RSS ${figureRange(series.map((s) => s.rssMb))} MB (${rssSlope} MB/min), ` +
          `heap ${figureRange(
            series.map((s) => s.heapMb),
            1,
          )} MB (${heapSlope} MB/min)`,
        command:
          '`SOAK_MINUTES=20 SOAK_DATABASE_URL=postgres://postgres@127.0.0.1:5432/grown_soak npm run -s bench -- soak`',
      }),
    );
    await work;
    recorder.print(Date.now() - started);
  } finally {
    await server.stop();
  }
  if (grownUrl) console.log(`database after: ${await tableSizes(grownUrl)}`);
}

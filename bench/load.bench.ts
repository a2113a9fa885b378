/**
 * Load: one real server on loopback (PGlite, or PostgreSQL when DATABASE_URL is set) while
 * LOAD_USERS wallets sign in with real SIWE messages and place bets on announced matches and
 * LOAD_WATCHERS clients stream live matches. Prints per-endpoint throughput, p50/p95/p99 latency
 * and statuses. Bounded: LOAD_BETS bets or LOAD_SECONDS seconds of betting, whichever comes first.
 */
import { figureNumber, figureRowReport } from '#scripts/figuresTable.ts';
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

/** Signs users in, then bets and watches at once; prints the figures. */
export default async function loadBench(): Promise<void> {
  const users = envCount('LOAD_USERS', 200);
  const watchers = envCount('LOAD_WATCHERS', 500);
  const maxBets = envCount('LOAD_BETS', 5_000);
  const seconds = envCount('LOAD_SECONDS', 60);
  const server = await startBenchServer(LOAD_SERVER_ENV);
  const recorder = new LoadRecorder();
  try {
    const signInStarted = performance.now();
    const clients = await signInClients(server.origin, recorder, users);
    const signInMs = performance.now() - signInStarted;
    console.log(
      `${server.database}: ${clients.length}/${users} users signed in in ${(signInMs / 1000).toFixed(1)} s`,
    );

    const started = performance.now();
    const deadline = Date.now() + seconds * 1000;
    let betting = true;
    const matches = watchMatchList(server.origin, () => !betting);
    await matches.ready;
    const watching = runWatchers({
      origin: server.origin,
      recorder,
      count: watchers,
      matches: matches.ids,
      until: () => !betting,
    });
    const bets = await runBettors({
      clients,
      matches: matches.ids,
      maxBets,
      until: () => Date.now() > deadline,
    });
    betting = false;
    const { events } = await watching;
    await matches.done;
    const elapsedMs = performance.now() - started;
    const memory = await server.memory();
    console.log(
      `${bets} bets and ${watchers} watchers over ${(elapsedMs / 1000).toFixed(1)} s; ` +
        `${events} stream events delivered; server RSS ${(memory.rss / 2 ** 20).toFixed(0)} MB, ` +
        `heap ${(memory.heapUsed / 2 ** 20).toFixed(0)} MB after GC`,
    );
    recorder.print(elapsedMs);
    console.log('(sign-in rows cover the sign-in phase before the clock above started)');
    const database = server.database === 'postgres' ? 'PostgreSQL' : 'PGlite';
    const p99 = (label: string) => figureNumber(recorder.percentileMs(label, 99));
    console.log(
      figureRowReport({
        figure: `${figureNumber(watchers)} watchers' streams opening at once under bets, p99`,
        target: 'none',
        value: `${p99('GET /api/matches/:id/events')} ms on ${database}`,
        command: '`npm run bench -- load`',
      }),
    );
    console.log(
      figureRowReport({
        figure: `${figureNumber(users)} users betting, ${figureNumber(watchers)} watchers`,
        target: 'none',
        value: `${database} ${figureNumber((bets * 1000) / elapsedMs)} bets/s, p99 ${p99('POST /api/bets')} ms`,
        command: '`npm run bench -- load`',
      }),
    );
  } finally {
    await server.stop();
  }
}

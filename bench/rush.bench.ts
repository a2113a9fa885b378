/**
 * Bets in a rush: RUSH_USERS (1,000) users signed in through the real sign-in (nonce, SIWE
 * message, signature) on a real server process, then every one of them bets once on the same
 * announced match at the same moment, each over its own connection. The users are a crowd of
 * wallets in C (signInCrowd.c; SIGNIN_CROWD=node for the Node one), so the rush's figures are
 * the server's and its database's, not the bench's own clients' JIT and garbage collection.
 * Prints answer p50/p99/max and bets/s, the CPU the server and the crowd used, and beside it the
 * floor: the same bets placed through placeBet straight against the same database, and
 * pgbench's figure for the same statement shape where pgbench is installed.
 * Then checks, from the database: every bet stored once, balances = start - stake, the ledger
 * balanced, pools = the sum of bets.
 *
 * Runs on: the embedded default (an empty PGlite); an empty PostgreSQL (a fresh schema of
 * RUSH_DATABASE_URL or DATABASE_URL); and a grown PostgreSQL, RUSH_GROWN_DATABASE_URL, used as it
 * is (give it a copy: `createdb -T grown_template grown_rush`; the rush adds its bets to it;
 * RUSH_GROWN_RUNS, default 1, rushes it that many times in a row, the first on cold caches).
 * RUSH_ROUNDS, default 1, repeats the empty and grown runs that many times, alternating, and
 * prints their medians and how much slower the grown ones are.
 * RUSH_CPU_PROF=dir writes the server's CPU profiles there.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { meSchema } from '#core/protocol/auth.ts';
import { placeBetResponseSchema } from '#core/protocol/bets.ts';
import { matchListResponseSchema } from '#core/protocol/matches.ts';
import { figureNumber, figureRange, figureRowReport } from '#scripts/figuresTable.ts';
import { type Database, openDatabase } from '#server/db/database.ts';
import {
  freePort,
  runStatement,
  startServerProcess,
  stopServerProcess,
} from '#server/testing/serverProcess.ts';
import { buildSiweMessage } from '#server/testing/signIn.ts';
import { type SignInCrowd, startSignInCrowd } from './signInCrowd.ts';
import { processCpuMs } from './support/processCpu.ts';
import { checkRush, type SentBet } from './support/rushChecks.ts';
import { pgbenchFloor, placeFloorBets } from './support/rushFloor.ts';
import { sampleWaits } from './support/rushWaits.ts';
import { envCount } from './support/workload.ts';

const SIDES = ['first', 'second', 'draw'] as const;

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ??
  Number.NaN;

/** Where one rush runs: the server's DATABASE_URL ('' for PGlite in `dataDir`). */
interface Target {
  label: string;
  databaseUrl: string;
}

/** The two announced matches the runner keeps (one for the rush, one for the floor). */
async function announcedMatches(origin: string): Promise<[string, string]> {
  for (let attempt = 0; attempt < 300; attempt++) {
    const response = await fetch(`${origin}/api/matches?status=scheduled&limit=20`);
    const ids = matchListResponseSchema.parse(await response.json()).items.map((m) => m.id);
    if (ids[0] && ids[1]) return [ids[0], ids[1]];
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the runner announced no two matches');
}

/** What one rush measured, for the rounds' summary. */
interface RushFigures {
  betsPerSecond: number;
  p99Ms: number;
  /** The rush's bets/s as a share of the floor's, in percent. */
  ofFloorPercent: number;
  /** The WAL written during the rush (PostgreSQL only). */
  walMegabytes: number;
}

async function rush(target: Target, users: number): Promise<RushFigures> {
  const dir = await mkdtemp(join(tmpdir(), 'gridmind-rush-'));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = await startServerProcess(
    {
      PORT: String(port),
      APP_ORIGIN: origin,
      DATABASE_URL: target.databaseUrl,
      DATA_DIR: join(dir, 'data'),
      LIVE_MATCHES: '2',
      LIVE_GAMES: 'connect4',
      // The window stays open for the whole run: the rush is its last seconds.
      BETTING_WINDOW_MS: '3600000',
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      BET_RATE_LIMIT_PER_MINUTE: '100000',
    },
    process.env.RUSH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.RUSH_CPU_PROF}`] : [],
  );
  let db: Database | null = null;
  try {
    const [matchId, floorMatchId] = await announcedMatches(origin);
    const crowd = await startSignInCrowd(dir, origin, users);
    try {
      const signInStarted = performance.now();
      const wallets = await signInCrowd(crowd, origin, users);
      const signInSeconds = (performance.now() - signInStarted) / 1000;
      const me = await crowd.get('/api/me');
      const before = me.answers.map((answer, index) => {
        if (answer.status !== 200) throw new Error(`GET /api/me answered ${answer.status}`);
        const read = meSchema.parse(JSON.parse(answer.body));
        if (read.address.toLowerCase() !== wallets[index]?.toLowerCase())
          throw new Error('GET /api/me named another wallet');
        return read;
      });

      const bets = before.map((_, index) => ({
        matchId,
        side: SIDES[index % 3] ?? 'draw',
        amount: 1 + (index % 50),
        idempotencyKey: `rush-${index}-${port}`,
      }));
      const stopSampling = target.databaseUrl ? await sampleWaits(target.databaseUrl) : null;
      const serverPid = server.child.pid ?? 0;
      const serverCpuBefore = processCpuMs(serverPid);
      const rushed = await crowd.post('/api/bets', bets);
      const serverCpuMs = processCpuMs(serverPid) - serverCpuBefore;
      const waits = await stopSampling?.();
      const latencies = rushed.answers.map((answer) => answer.ms).sort((a, b) => a - b);
      const statuses = new Map<number, number>();
      for (const { status } of rushed.answers)
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      const sent: SentBet[] = rushed.answers.map((answer, index) => ({
        address: before[index]?.address.toLowerCase() ?? '',
        side: bets[index]?.side ?? 'draw',
        amount: bets[index]?.amount ?? 0,
        balanceBefore: before[index]?.userInfo.balance ?? Number.NaN,
        status: answer.status,
        betId:
          answer.status === 201
            ? placeBetResponseSchema.parse(JSON.parse(answer.body)).bet.id
            : null,
      }));
      const betsPerSecond = (sent.length * 1000) / rushed.wallMs;
      const pools = (await (await fetch(`${origin}/api/matches/${matchId}/pools`)).json()) as {
        pools: Record<string, number>;
      };
      await stopServerProcess(server);

      const ms = (value: number) => `${value.toFixed(0)} ms`;
      console.log(
        `${target.label}: ${before.length} users signed in (${signInSeconds.toFixed(1)} s), then ` +
          `${sent.length} bets at once: ${betsPerSecond.toFixed(0)} bets/s, ` +
          `p50 ${ms(percentile(latencies, 50))}, p99 ${ms(percentile(latencies, 99))}, ` +
          `max ${ms(latencies.at(-1) ?? Number.NaN)}; statuses ` +
          [...statuses].map(([status, n]) => `${status}×${n}`).join(' '),
      );
      console.log(
        `  CPU during the rush: server ${serverCpuMs.toFixed(0)} ms, ` +
          `the crowd's ${rushed.crowdMs} ms (${crowd.name})`,
      );
      if (waits) console.log(`  waits during the rush: ${waits.description}`);
      db = await openDatabase({ databaseUrl: target.databaseUrl, dataDir: join(dir, 'data') });
      const failures = await checkRush(db, matchId, sent, pools.pools);
      console.log(
        failures.length === 0
          ? '  checks: every bet stored once, balances = start - stake, ledger balanced, pools = sum of bets'
          : `  CHECKS FAILED: ${failures.join('; ')}`,
      );
      const userIds = before.map((one) => one.userId);
      const floor = await placeFloorBets(db, userIds, floorMatchId);
      console.log(
        `  floor (placeBet straight on the database, same users, one bet each at once): ` +
          `${floor.betsPerSecond.toFixed(0)} bets/s, p50 ${ms(floor.p50Ms)}, p99 ${ms(floor.p99Ms)}; ` +
          `the rush reached ${((100 * betsPerSecond) / floor.betsPerSecond).toFixed(0)}% of it`,
      );
      if (target.databaseUrl) {
        const line = await pgbenchFloor(db, target.databaseUrl, floorMatchId, userIds, dir);
        console.log(`  ${line ?? 'pgbench: not installed'}`);
      }
      return {
        betsPerSecond,
        p99Ms: percentile(latencies, 99),
        ofFloorPercent: (100 * betsPerSecond) / floor.betsPerSecond,
        walMegabytes: waits?.walMegabytes ?? Number.NaN,
      };
    } finally {
      crowd.close();
    }
  } finally {
    await db?.close();
    await stopServerProcess(server);
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Signs every wallet of the crowd in at once (nonce, then each wallet's SIWE message signed,
 * then verify); the wallets' addresses, in crowd order. Fails unless every one signed in.
 */
async function signInCrowd(crowd: SignInCrowd, origin: string, users: number): Promise<string[]> {
  const accounts = Array.from({ length: users }, () => privateKeyToAccount(generatePrivateKey()));
  const nonces = await crowd.nonces();
  const signed = await Promise.all(
    accounts.map(async (wallet, index) => {
      const nonce = nonces.answers[index]?.body ?? '';
      const message = buildSiweMessage(origin, wallet, nonce, Date.now());
      return { message, signature: await wallet.signMessage({ message }) };
    }),
  );
  const verified = await crowd.verifies(signed);
  const failed = verified.answers.filter((answer) => answer.status !== 200).length;
  if (failed > 0) throw new Error(`${failed} of ${users} wallets did not sign in`);
  return accounts.map((account) => account.address);
}

/** A fresh schema of `baseUrl`, so an empty database is empty; dropped by the returned function. */
async function freshSchema(baseUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const schema = `rush_${process.pid}_${Date.now()}`;
  await runStatement(baseUrl, `create schema ${schema}`);
  const url = new URL(baseUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    url: url.toString(),
    drop: () => runStatement(baseUrl, `drop schema ${schema} cascade`),
  };
}

/** The middle value, or the mean of the two middle ones. */
function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const half = sorted.length / 2;
  return Number.isInteger(half)
    ? ((sorted[half - 1] ?? Number.NaN) + (sorted[half] ?? Number.NaN)) / 2
    : (sorted[Math.floor(half)] ?? Number.NaN);
}

/** One line for each kind of run over the rounds: median bets/s and p99, and the grown/empty ratio. */
function summarise(empty: readonly RushFigures[], grown: readonly RushFigures[]): void {
  const line = (figures: readonly RushFigures[]) =>
    `median ${median(figures.map((f) => f.betsPerSecond)).toFixed(0)} bets/s, ` +
    `p99 ${median(figures.map((f) => f.p99Ms)).toFixed(0)} ms ` +
    `(${figures.map((f) => f.betsPerSecond.toFixed(0)).join(', ')})`;
  console.log(`rounds: PostgreSQL empty ${line(empty)}`);
  console.log(`        PostgreSQL grown ${line(grown)}`);
  const ratio =
    median(empty.map((f) => f.betsPerSecond)) / median(grown.map((f) => f.betsPerSecond));
  console.log(`        empty ÷ grown bets/s (medians): ${ratio.toFixed(2)}×`);
}

/** The command of the PostgreSQL rows in docs/FIGURES.md. */
const POSTGRES_COMMAND =
  '`RUSH_SKIP_EMBEDDED=1 RUSH_ROUNDS=5 RUSH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test RUSH_GROWN_DATABASE_URL=postgres://postgres@127.0.0.1:5432/grown_rush npm run -s bench -- rush`';

/** A run's bets/s and p99 as the FIGURES.md rows write them, a range over its rounds. */
const rushValue = (figures: readonly RushFigures[]) =>
  `${figureRange(figures.map((f) => f.betsPerSecond))} bets/s, ` +
  `p99 ${figureRange(figures.map((f) => f.p99Ms))} ms`;

/** The FIGURES.md rows of the PostgreSQL rushes; `ratios` is each round's empty ÷ grown bets/s. */
function printPostgresRows(
  users: number,
  empty: readonly RushFigures[],
  grown: readonly RushFigures[],
  ratios: readonly number[],
): void {
  const target = '≥ 2,000/s, p99 ≤ 500 ms';
  const command = POSTGRES_COMMAND;
  const rows: string[] = [];
  for (const [kind, figures] of [
    ['empty', empty],
    ['grown', grown],
  ] as const) {
    if (figures.length === 0) continue;
    rows.push(
      figureRowReport({
        figure: `${figureNumber(users)} bets at once, PostgreSQL ${kind}`,
        target,
        value: rushValue(figures),
        command,
      }),
    );
  }
  if (ratios.length > 0)
    rows.push(
      figureRowReport({
        figure: 'grown ÷ empty, every round',
        target: '≤ 1.25×',
        value: `${figureRange(ratios, 2)}× (median ${median(ratios).toFixed(2)}×)`,
        command,
      }),
    );
  if (empty.length + grown.length > 0)
    rows.push(
      figureRowReport({
        figure: 'a rush against its floor (`placeBet` on the database)',
        target: 'none',
        value: `${figureRange([...empty, ...grown].map((f) => f.ofFloorPercent))}%`,
        command,
      }),
    );
  if (empty.length > 0 && grown.length > 0) {
    const wal = (figures: readonly RushFigures[]) =>
      median(figures.map((f) => f.walMegabytes)).toFixed(1);
    rows.push(
      figureRowReport({
        figure: 'WAL a rush writes, grown and empty',
        target: 'grown as empty',
        value: `${wal(grown)} MB and ${wal(empty)} MB`,
        command,
      }),
    );
  }
  for (const row of rows) console.log(row);
}

export default async function rushBench(): Promise<void> {
  const users = envCount('RUSH_USERS', 1000);
  if (process.env.RUSH_SKIP_EMBEDDED !== '1') {
    const embedded = await rush({ label: 'embedded (PGlite), empty', databaseUrl: '' }, users);
    console.log(
      figureRowReport({
        figure: `${figureNumber(users)} bets at once, PGlite empty`,
        target: 'p99 ≤ 1 s',
        value: `${figureNumber(embedded.betsPerSecond)} bets/s, p99 ${figureNumber(embedded.p99Ms)} ms`,
        command: '`npm run -s bench -- rush`',
      }),
    );
  }
  const postgresUrl = process.env.RUSH_DATABASE_URL ?? process.env.DATABASE_URL;
  const grownUrl = process.env.RUSH_GROWN_DATABASE_URL;
  if (!postgresUrl) console.log('PostgreSQL: set RUSH_DATABASE_URL (or DATABASE_URL) to run it');
  if (!grownUrl)
    console.log('PostgreSQL grown: set RUSH_GROWN_DATABASE_URL (a copy of grown_template)');
  // RUSH_ROUNDS alternates an empty run and the grown runs that many times: this machine's
  // figures drift by a fifth from minute to minute (its disk's WAL flushes, a checkpoint), so a
  // comparison is of runs side by side, not of one run now and another later. RUSH_GROWN_RUNS
  // rushes the one grown copy that many times a round: the first round's first meets a cold
  // copy, the rest the caches a running install has (new users each time, the same match).
  const rounds = envCount('RUSH_ROUNDS', 1);
  const grownRuns = envCount('RUSH_GROWN_RUNS', 1);
  const empty: RushFigures[] = [];
  const grown: RushFigures[] = [];
  const ratios: number[] = [];
  for (let round = 1; round <= rounds; round++) {
    const of = rounds === 1 ? '' : ` (round ${round})`;
    let emptyOfRound: RushFigures | undefined;
    if (postgresUrl) {
      const fresh = await freshSchema(postgresUrl);
      try {
        emptyOfRound = await rush(
          { label: `PostgreSQL, empty${of}`, databaseUrl: fresh.url },
          users,
        );
        empty.push(emptyOfRound);
      } finally {
        await fresh.drop();
      }
    }
    const grownOfRound: RushFigures[] = [];
    for (let run = 1; grownUrl && run <= grownRuns; run++) {
      const label =
        grownRuns === 1 ? `PostgreSQL, grown${of}` : `PostgreSQL, grown${of} (run ${run})`;
      grownOfRound.push(await rush({ label, databaseUrl: grownUrl }, users));
    }
    grown.push(...grownOfRound);
    if (emptyOfRound && grownOfRound.length > 0)
      ratios.push(emptyOfRound.betsPerSecond / median(grownOfRound.map((f) => f.betsPerSecond)));
  }
  if (empty.length > 0 && grown.length > 0 && empty.length + grown.length > 2)
    summarise(empty, grown);
  printPostgresRows(users, empty, grown, ratios);
}

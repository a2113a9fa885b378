/**
 * Sign-in burst: 500 wallets (viem private-key accounts) sign in at once against a real server
 * process: every nonce asked at once, then every signed message posted at once. Prints p50/p99/max
 * of each wave and of the whole sign-in (nonce + verify, without the wallet's own signing, which a
 * real crowd does on its own devices), sign-ins/s, and meanwhile what a watcher sees: the server's
 * event-loop delay (loopDelayProbe.ts) and the worst gap between a live match's stream events,
 * during each wave against a quiet stretch before. Embedded PGlite always; PostgreSQL too when
 * SIGNIN_DATABASE_URL names a database (used as it is: an empty one, or a grown copy). Each wave
 * also prints the statements the server sent and what its threads did (on a core / waiting for one,
 * from Linux's /proc) and the CPU the bench's own crowd used, so a run on a loaded machine still
 * shows the server's own cost. The crowd is a C client (signInCrowd.c) by default: on two cores the
 * Node crowd's own CPU (0.14-0.26 s a wave, a fifth of the wave's) was time the server waited for,
 * where real wallets sign in from their own devices; SIGNIN_CROWD=node runs the Node one for
 * comparison. `SIGNIN_WALLETS` changes the crowd, `SIGNIN_BURSTS` sends that many crowds one after
 * another to one server; SIGNIN_CPU_PROF=dir writes the server's CPU profiles there (one a thread:
 * the event loop and each signature-check thread). `npm run bench -- signInBurst`.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { matchListResponseSchema } from '#core/protocol/matches.ts';
import { figureNumber, figureRange, figureRowReport } from '#scripts/figuresTable.ts';
import { freePort } from '#server/testing/serverProcess.ts';
import { buildSiweMessage } from '#server/testing/signIn.ts';
import { openSse } from '#server/testing/sseReader.ts';
import { type CrowdWave, startSignInCrowd } from './signInCrowd.ts';
import { LoadClient, LoadRecorder } from './support/httpLoad.ts';
import { askProbe, spawnProbedServer } from './support/probedServer.ts';
import { ask, type LoopDelay } from './support/tailServer.ts';
import { describeThreads, threadTimes } from './support/tailThreads.ts';
import { envCount } from './support/workload.ts';

const QUIET_MS = 5_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The p-th percentile (nearest rank) of ascending numbers. */
function percentile(sorted: readonly number[], p: number): number {
  return (
    sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN
  );
}

function spread(latenciesMs: readonly number[]): string {
  const sorted = latenciesMs.toSorted((a, b) => a - b);
  const ms = (p: number) => `${percentile(sorted, p).toFixed(0)} ms`;
  return `p50 ${ms(50)}, p99 ${ms(99)}, max ${ms(100)}`;
}

/** Arrival times of one live match's stream events, seen by a watcher in this process. */
async function watchLiveMatch(origin: string): Promise<{ arrivals: number[]; close(): void }> {
  for (;;) {
    const response = await fetch(`${origin}/api/matches?status=live&limit=1`);
    const [match] = matchListResponseSchema.parse(await response.json()).items;
    if (match) {
      const stream = await openSse(`${origin}/api/matches/${match.id}/events`);
      const arrivals: number[] = [];
      let open = true;
      void (async () => {
        while (open) {
          const event = await stream.next().catch(() => null);
          if (event) arrivals.push(performance.now());
          else open = false;
        }
      })();
      return {
        arrivals,
        close: () => {
          open = false;
          stream.close();
        },
      };
    }
    await sleep(200);
  }
}

/** The longest wait for a stream event that arrived within [from, to]. */
function worstGapMs(arrivals: readonly number[], from: number, to: number): number {
  let worst = 0;
  for (let i = 1; i < arrivals.length; i++) {
    const at = arrivals[i] as number;
    if (at >= from && at <= to) worst = Math.max(worst, at - (arrivals[i - 1] as number));
  }
  return worst;
}

/** The statements the server has sent its database so far, by their first words. */
async function statementsSoFar(server: ChildProcess): Promise<Record<string, number>> {
  const answer = await askProbe<{ byShape: Record<string, number> }>(
    server,
    'statements',
    (message) => 'byShape' in message,
  );
  return answer.byShape;
}

/** How many statements were sent between two counts, and the commonest among them. */
function describeStatements(before: Record<string, number>, after: Record<string, number>): string {
  let total = 0;
  let commonest = ['', 0] as [string, number];
  for (const [shape, count] of Object.entries(after)) {
    const sent = count - (before[shape] ?? 0);
    total += sent;
    if (sent > commonest[1]) commonest = [shape, sent];
  }
  const words = commonest[0].split(' ').slice(0, 5).join(' ');
  return `${total} statements (${commonest[1]}× ${words} …)`;
}

/**
 * One wave: the crowd's requests, each timed by the crowd, and meanwhile what the server's
 * threads and a watcher saw.
 */
async function wave(
  probed: ChildProcess,
  watcher: { arrivals: number[] },
  run: () => Promise<CrowdWave>,
) {
  const pid = probed.pid ?? 0;
  const statementsBefore = await statementsSoFar(probed);
  const threadsBefore = threadTimes(pid);
  const from = performance.now();
  const { answers, crowdMs } = await run();
  const wallMs = performance.now() - from;
  const server = describeThreads(pid, threadsBefore, threadTimes(pid));
  const loop = await ask<LoopDelay>(probed, 'loop');
  const statements = describeStatements(statementsBefore, await statementsSoFar(probed));
  const gap = worstGapMs(watcher.arrivals, from, performance.now());
  return { answers, wallMs, server, crowdMs, loop, gap, statements };
}

/**
 * One crowd of `wallets` signing in at once: its nonce wave, then its verify wave, printed.
 * Resolves with the whole sign-in's p99 (nonce + verify), in ms.
 */
async function crowd(
  probed: ChildProcess,
  origin: string,
  dir: string,
  watcher: { arrivals: number[] },
  wallets: number,
  database: string,
): Promise<number> {
  const accounts = Array.from({ length: wallets }, () => privateKeyToAccount(generatePrivateKey()));
  const people = await startSignInCrowd(dir, origin, wallets);
  try {
    // A quiet stretch first: what a watcher sees with nobody signing in.
    await ask<LoopDelay>(probed, 'loop');
    const quietFrom = performance.now();
    await sleep(QUIET_MS);
    const quietLoop = await ask<LoopDelay>(probed, 'loop');
    const quietGap = worstGapMs(watcher.arrivals, quietFrom, performance.now());

    const nonce = await wave(probed, watcher, () => people.nonces());

    // Each wallet signs its own message, untimed: a crowd signs on its own devices.
    const signed = await Promise.all(
      accounts.map(async (wallet, index) => {
        const message = buildSiweMessage(
          origin,
          wallet,
          nonce.answers[index]?.body ?? '',
          Date.now(),
        );
        return { message, signature: await wallet.signMessage({ message }) };
      }),
    );
    await ask<LoopDelay>(probed, 'loop');

    const verify = await wave(probed, watcher, () => people.verifies(signed));

    const count = (answers: { status: number }[]) => {
      const byStatus = new Map<number, number>();
      for (const { status } of answers) byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
      return [...byStatus].map(([status, n]) => `${status}×${n}`).join(' ');
    };
    const signedIn = verify.answers.filter((answer) => answer.status === 200).length;
    const whole = nonce.answers.map(
      (answer, index) => answer.ms + (verify.answers[index]?.ms ?? 0),
    );
    const loop = (figures: LoopDelay) => `loop delay p99 ${figures.p99} ms, max ${figures.max} ms`;
    const times = (of: typeof nonce) =>
      `${spread(of.answers.map((answer) => answer.ms))}  [${count(of.answers)}] in ${of.wallMs.toFixed(0)} ms, ${of.statements}`;
    console.log(
      `${database}: ${wallets} wallets at once, ${signedIn} signed in (the crowd: ${people.name})`,
    );
    console.log(`  nonces   ${times(nonce)}`);
    console.log(`  verifies ${times(verify)}`);
    console.log(
      `  sign-in (nonce + verify) ${spread(whole)}; ${((signedIn * 1000) / (nonce.wallMs + verify.wallMs)).toFixed(0)} sign-ins/s`,
    );
    console.log(`  nonce wave:  ${nonce.server}; the crowd's CPU ${nonce.crowdMs} ms`);
    console.log(`  verify wave: ${verify.server}; the crowd's CPU ${verify.crowdMs} ms`);
    console.log(
      `  watcher, quiet ${QUIET_MS / 1000} s: ${loop(quietLoop)}, worst stream gap ${quietGap.toFixed(0)} ms`,
    );
    console.log(
      `  watcher, nonce wave:  ${loop(nonce.loop)}, worst stream gap ${nonce.gap.toFixed(0)} ms`,
    );
    console.log(
      `  watcher, verify wave: ${loop(verify.loop)}, worst stream gap ${verify.gap.toFixed(0)} ms`,
    );
    return percentile(
      whole.toSorted((a, b) => a - b),
      99,
    );
  } finally {
    people.close();
  }
}

/** Runs `bursts` crowds on one server; resolves with each crowd's sign-in p99, in ms. */
async function burst(
  database: string,
  databaseUrl: string,
  wallets: number,
  bursts: number,
): Promise<number[]> {
  const dir = await mkdtemp(join(tmpdir(), 'gridmind-signin-'));
  await writeFile(join(dir, 'index.html'), '<!doctype html><title>Gridmind</title>');
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  let server: ChildProcess | undefined;
  try {
    server = await spawnProbedServer({
      probes: ['loopDelayProbe.ts', 'statementProbe.ts'],
      cpuProfileDir: process.env.SIGNIN_CPU_PROF,
      env: {
        PORT: String(port),
        APP_ORIGIN: origin,
        DATA_DIR: join(dir, 'data'),
        CLIENT_DIR: dir,
        DATABASE_URL: databaseUrl,
        LIVE_MATCHES: '1',
        LIVE_GAMES: 'connect4',
        BETTING_WINDOW_MS: '0',
        MOVE_DELAY_MS: '250',
        AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      },
      onLine: () => {},
    });
    const recorder = new LoadRecorder();
    // One sign-in first, as on a server that has been up a while: the signature threads boot
    // at the first nonce, and a crowd arriving seconds after start would wait for them.
    const warmUpFrom = performance.now();
    const warmedUp = await new LoadClient(origin, recorder).signIn(
      privateKeyToAccount(generatePrivateKey()),
    );
    const warmUpMs = performance.now() - warmUpFrom;
    console.log(
      `${database}: first sign-in after start (threads booting): ${warmUpMs.toFixed(0)} ms${warmedUp ? '' : ', refused'}`,
    );
    const watcher = await watchLiveMatch(origin);
    const p99s: number[] = [];
    // Further crowds on the same server (SIGNIN_BURSTS): what a server that has served one
    // crowd does, its code compiled, against the first crowd after start.
    for (let round = 1; round <= bursts; round++) {
      const label = bursts > 1 ? `${database}, crowd ${round} of ${bursts}` : database;
      p99s.push(await crowd(server, origin, dir, watcher, wallets, label));
    }
    watcher.close();
    return p99s;
  } finally {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server?.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    await rm(dir, { recursive: true, force: true });
  }
}

/** Whether the database at `url` held users before the bench: a grown one, not an empty one. */
async function heldUsers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ table: string | null }>(
      "select to_regclass('users')::text as table",
    );
    if (!rows[0]?.table) return false;
    const { rows: users } = await client.query('select 1 from users limit 1');
    return users.length > 0;
  } finally {
    await client.end();
  }
}

/** Runs the burst on the embedded database, then on SIGNIN_DATABASE_URL when given. */
export default async function signInBurstBench(): Promise<void> {
  const wallets = envCount('SIGNIN_WALLETS', 500);
  const bursts = envCount('SIGNIN_BURSTS', 1);
  const target = '≤ 1 s';
  const pglite = await burst('pglite', '', wallets, bursts);
  console.log(
    figureRowReport({
      figure: `${figureNumber(wallets)} sign-ins at once, p99, PGlite`,
      target,
      value: `${figureRange(pglite)} ms`,
      command: '`SIGNIN_BURSTS=2 npm run -s bench -- signInBurst`',
    }),
  );
  const url = process.env.SIGNIN_DATABASE_URL;
  if (!url) {
    console.log('(set SIGNIN_DATABASE_URL to run it on PostgreSQL too)');
    return;
  }
  const grown = await heldUsers(url);
  const postgres = await burst(
    `postgres (${new URL(url).pathname.slice(1)})`,
    url,
    wallets,
    bursts,
  );
  console.log(
    figureRowReport({
      figure: `${figureNumber(wallets)} sign-ins at once, p99, PostgreSQL ${grown ? 'grown' : 'empty'}`,
      target,
      value: `${figureRange(postgres)} ms`,
      command: '`SIGNIN_BURSTS=2 SIGNIN_DATABASE_URL=<database> npm run -s bench -- signInBurst`',
    }),
  );
}

/**
 * Watchers: N SSE clients on loopback against one server process (a child, its own PGlite, two
 * live matches, all clients on one), for N = 1,000, 5,000 and 10,000. The clients run in several
 * child processes (watcherClients.ts: raw TCP sockets, a few string searches per chunk), connecting
 * in parallel batches. Prints move-delivery latency p50/p99, from the move's timestamp (taken by
 * the runner just before the transaction that stores it) to the client process reading the chunk
 * that holds the event's first byte (both clocks are this machine's), and the server's memory per
 * watcher, resident and JS (heap and buffers), each read after a full collection
 * (serverMemoryProbe.ts). A probe preloaded into the server (fanoutProbe.ts) times the server's own
 * part of each move, so the output says how much of the latency is the server's. Server and
 * clients share every core of the machine (nothing is pinned); the load average is printed with
 * each round. Bounded: each round waits for a fixed number of moves or gives up after a time
 * limit, then the server is stopped. WATCHERS_CPU_PROF=dir writes the server's CPU profile there.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { matchListResponseSchema } from '#core/protocol/matches.ts';
import { figureRange, figureRowReport } from '#scripts/figuresTable.ts';
import { freePort } from '#server/testing/serverProcess.ts';
import { spawnProbedServer } from './support/probedServer.ts';
import {
  type ClientProcess,
  startNativeClients,
  startNodeClients,
} from './watcherClientProcess.ts';
import { buildNativeClient } from './watcherClientsNative.ts';

// WATCHERS=1000,5000 runs only those rounds.
const ROUNDS = (process.env.WATCHERS ?? '1000,5000,10000').split(',').map(Number);
const MOVES_PER_ROUND = 3;
const DELIVERY_TARGET_MS = 100;
const ROUND_LIMIT_MS = 120_000;
// Both matches can be past their early moves: the next one starts when one ends (up to 7 min).
const MATCH_WAIT_MS = 480_000;
const RECEIVE_LIMIT_MS = 60_000;

/** The server's memory after a full collection (serverMemoryProbe.ts answers over IPC), in KB. */
function memoryKb(server: ChildProcess): Promise<{ rssKb: number; heapKb: number }> {
  return new Promise((resolve) => {
    server.once('message', (message: { rss: number; heapUsed: number; external: number }) =>
      resolve({ rssKb: message.rss / 1024, heapKb: (message.heapUsed + message.external) / 1024 }),
    );
    server.send('memory');
  });
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

/** The server's own timing of one move's fan-out (fanoutProbe.ts). */
interface Fanout {
  ply: number;
  matchId: string;
  commitMs: number;
  loopMs: number;
  flushMs: number;
}

const fanouts: Fanout[] = [];

function startServer(dir: string, port: number): Promise<ChildProcess> {
  return spawnProbedServer({
    probes: ['fanoutProbe.ts', 'serverMemoryProbe.ts'],
    cpuProfileDir: process.env.WATCHERS_CPU_PROF,
    env: {
      PORT: String(port),
      DATA_DIR: join(dir, 'data'),
      CLIENT_DIR: dir,
      DATABASE_URL: '',
      LIVE_MATCHES: '2',
      BETTING_WINDOW_MS: '0',
      MOVE_DELAY_MS: '10000',
      // Every watcher connects from 127.0.0.1, up to 10,000 at once: the stream caps stand aside.
      SSE_MAX_STREAMS: '100000',
      SSE_MAX_PER_ADDRESS: '100000',
    },
    onLine: (line) => {
      if (line.startsWith('fanout ')) fanouts.push(JSON.parse(line.slice(7)) as Fanout);
    },
  });
}

async function liveMatch(base: string, deadline: number): Promise<{ id: string; moves: number }> {
  while (Date.now() < deadline) {
    const body = matchListResponseSchema.parse(
      await (await fetch(`${base}/api/matches?status=live`)).json(),
    );
    // An early match, so the round's moves come before it can end (10 s apart: minutes to connect on a busy machine).
    const match = body.items.find((item) => item.plies <= 6);
    if (match) return { id: match.id, moves: match.plies };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('no live match');
}

const withTimeout = <T>(promise: Promise<T>, ms: number): Promise<T | null> =>
  Promise.race([
    promise,
    new Promise<null>((resolve) => setTimeout(() => resolve(null), ms).unref()),
  ]);

/** The clients of a round: which program, in how many processes. */
interface ClientKind {
  name: string;
  processes: number;
  start(url: string, count: number, lastId: number): ClientProcess;
}

/** What one round measured, for the FIGURES.md rows. */
interface RoundFigures {
  kind: string;
  watchers: number;
  p99Ms: number;
  rssKbPerWatcher: number;
  heapKbPerWatcher: number;
}

async function round(
  base: string,
  server: ChildProcess,
  kind: ClientKind,
  watchers: number,
  report = true,
): Promise<RoundFigures> {
  const match = await liveMatch(base, Date.now() + MATCH_WAIT_MS);
  // After a full collection both times, so the last round's garbage is not counted (or freed) here.
  const before = await memoryKb(server);
  const started = Date.now();
  const processes = kind.processes;
  const clients = Array.from({ length: processes }, (_, index) =>
    kind.start(
      `${base}/api/matches/${match.id}/events`,
      Math.floor(watchers / processes) + (index < watchers % processes ? 1 : 0),
      match.moves,
    ),
  );
  const connected =
    (await withTimeout(
      Promise.all(clients.map((client) => client.next('connected'))),
      // Connecting is slow on a loaded machine: allow 30 ms per stream on top of the base limit.
      ROUND_LIMIT_MS + watchers * 30,
    )) ?? [];
  if (connected.length < clients.length)
    console.log('  (not every client process connected in time)');
  const startedMs = Date.now() - started;
  // The clients' own figure: from their first request to their last stream open.
  const connectMs = Math.max(...connected.map((message) => message.connectMs ?? 0));
  const failed = connected.reduce((sum, message) => sum + (message.failed ?? 0), 0);
  // Let the server settle (spectator broadcasts, allocations) before reading its memory.
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const after = await memoryKb(server);
  const failedNote = failed ? ` (${failed} failed)` : '';
  // Moves played while connecting arrive as backlog, not live: only later ones are timed.
  const now = matchListResponseSchema.parse(
    await (await fetch(`${base}/api/matches?status=live`)).json(),
  );
  const fromPly = now.items.find((item) => item.id === match.id)?.plies ?? 42;
  for (const client of clients) {
    client.send({ kind: 'measure', fromPly, moves: MOVES_PER_ROUND });
  }
  await withTimeout(Promise.all(clients.map((client) => client.next('done'))), RECEIVE_LIMIT_MS);
  const latencies: number[] = [];
  let clientCpuMs = 0;
  for (const client of clients) {
    client.send({ kind: 'report' });
    const figures = await client.next('report');
    latencies.push(...(figures.latencies ?? []));
    clientCpuMs += figures.cpuMs ?? 0;
    client.stop();
  }
  latencies.sort((a, b) => a - b);
  const timed = fanouts.filter((line) => line.matchId === match.id && line.ply > fromPly);
  const fanoutFigures = timed
    .slice(0, MOVES_PER_ROUND)
    .map((line) => `${line.commitMs}+${Math.round(line.flushMs)}`)
    .join(', ');
  if (report)
    console.log(
      `N=${watchers.toLocaleString('en')}: ${processes} ${kind.name} client processes up and connected ` +
        `in ${startedMs} ms (streams opened in ${connectMs} ms${failedNote}); ${latencies.length} of ` +
        `${watchers * MOVES_PER_ROUND} deliveries timed (moves after ${fromPly}), ` +
        `latency p50 ${percentile(latencies, 50)} ms, p99 ${percentile(latencies, 99)} ms; ` +
        `server per move, commit+fan-out: ${fanoutFigures || 'n/a'} ms; clients' CPU while timing ` +
        `${Math.round(clientCpuMs)} ms; server RSS +${((after.rssKb - before.rssKb) / 1024).toFixed(1)} MB, ` +
        `${((after.rssKb - before.rssKb) / watchers).toFixed(1)} KB per watcher ` +
        `(JS heap and buffers ${((after.heapKb - before.heapKb) / watchers).toFixed(1)} KB); ` +
        `load ${loadavg()[0]?.toFixed(1)}`,
    );
  // Let the server notice the hang-ups before the next round measures its memory again.
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  return {
    kind: kind.name,
    watchers,
    p99Ms: percentile(latencies, 99),
    rssKbPerWatcher: (after.rssKb - before.rssKb) / watchers,
    heapKbPerWatcher: (after.heapKb - before.heapKb) / watchers,
  };
}

/** The FIGURES.md rows: delivery p99 with the C clients, memory per watcher, at 10,000. */
function printRows(rounds: readonly RoundFigures[]): void {
  const atTenThousand = rounds.filter((figures) => figures.watchers === 10_000);
  const cRounds = rounds.filter((figures) => figures.kind === 'C');
  const cAtTenThousand = cRounds.find((figures) => figures.watchers === 10_000);
  if (cAtTenThousand) {
    const smaller = cRounds
      .filter((figures) => figures.watchers < 10_000)
      .map((figures) => `${figures.p99Ms} ms at ${figures.watchers.toLocaleString('en')}`);
    const met = cAtTenThousand.p99Ms <= DELIVERY_TARGET_MS;
    console.log(
      figureRowReport({
        figure: "a move's delivery p99, 10,000 watchers (C clients)",
        target: `≤ ${DELIVERY_TARGET_MS} ms`,
        value: `${cAtTenThousand.p99Ms} ms${met ? '' : ': not met'}${smaller.length > 0 ? ` (${smaller.join(', ')})` : ''}`,
        command: '`npm run bench -- watchers`',
      }),
    );
  }
  if (atTenThousand.length > 0)
    console.log(
      figureRowReport({
        figure: 'memory per watcher at 10,000',
        target: '≤ 30 KB',
        value:
          `${figureRange(
            atTenThousand.map((figures) => figures.rssKbPerWatcher),
            1,
          )} KB resident, ` +
          `${figureRange(
            atTenThousand.map((figures) => figures.heapKbPerWatcher),
            1,
          )} KB heap and buffers`,
        command: '`npm run bench -- watchers`',
      }),
    );
}

/**
 * The client kinds to run, each over every round: WATCHER_CLIENTS=c,node (the default) or one of
 * them. The C clients read in one process at a few microseconds per event; the Node clients
 * (what a browser-like runtime costs) in four, so one process's turn through its sockets is not
 * what is measured. WATCHER_PROCESSES overrides both counts.
 */
async function clientKinds(dir: string): Promise<ClientKind[]> {
  const processesFor = (fallback: number) => Number(process.env.WATCHER_PROCESSES ?? fallback);
  const kinds: ClientKind[] = [];
  for (const name of (process.env.WATCHER_CLIENTS ?? 'c,node').split(',')) {
    if (name === 'node') {
      kinds.push({ name: 'Node', processes: processesFor(4), start: startNodeClients });
    } else if (name === 'c') {
      const built = await buildNativeClient(dir);
      if (built.binary === null) {
        console.log(`(C clients skipped: no C compiler answered: ${built.reason.split('\n')[0]})`);
        continue;
      }
      const { binary } = built;
      kinds.push({
        name: 'C',
        processes: processesFor(1),
        start: (url, count, lastId) => startNativeClients(binary, url, count, lastId),
      });
    } else throw new Error(`WATCHER_CLIENTS: unknown client kind ${name}`);
  }
  return kinds;
}

/** Streams N watchers at one server and prints delivery latency and memory per watcher. */
export default async function watchersBench(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'gridmind-watchers-'));
  await writeFile(join(dir, 'index.html'), '<!doctype html><title>Gridmind</title>');
  const kinds = await clientKinds(dir);
  const port = await freePort();
  console.log(
    `(server: 1 process with its agent worker threads; clients: ${kinds
      .map((kind) => `${kind.name} in ${kind.processes} processes`)
      .join(', then ')}; all share this machine's ${availableParallelism()} cores, unpinned; ` +
      `load average ${loadavg()[0]?.toFixed(1)} before start)`,
  );
  const server = await startServer(dir, port);
  // Start-up allocations (tsx, PGlite, the worker pool) shrink for a while after start, which
  // would hide the watchers' memory: a first unreported round warms the heap up.
  await new Promise((resolve) => setTimeout(resolve, 10_000));
  const base = `http://127.0.0.1:${port}`;
  const rounds: RoundFigures[] = [];
  try {
    for (const [index, kind] of kinds.entries()) {
      if (index === 0) {
        console.log('(warm-up round, 1,000 watchers: not reported)');
        await round(base, server, kind, 1_000, false);
      }
      for (const watchers of ROUNDS) rounds.push(await round(base, server, kind, watchers));
    }
    printRows(rounds);
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await rm(dir, { recursive: true, force: true });
  }
}

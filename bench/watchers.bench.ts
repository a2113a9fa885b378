/**
 * Watchers: N SSE clients on loopback against one server process (a child, its own PGlite, one
 * live match), for N = 1,000, 5,000 and 10,000. Prints move-delivery latency p50/p99 (commit
 * time stamped by the runner → event parsed by the client; both clocks are this machine's) and
 * the server's resident memory per watcher. Bounded: each round waits for a fixed number of moves
 * or gives up after a time limit, then the server is stopped.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { matchListResponseSchema, moveEventSchema } from '../core/protocol/matches.ts';
import { openSse, type SseConnection } from '../server/modules/matches/sseReader.ts';

const ROUNDS = [1_000, 5_000, 10_000];
const MOVES_PER_ROUND = 3;
const ROUND_LIMIT_MS = 120_000;
const RECEIVE_LIMIT_MS = 45_000;

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

async function rssKb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

async function startServer(dir: string, port: number): Promise<ChildProcess> {
  // Each watcher is a socket: raise the child's descriptor limit to the hard limit first.
  const child = spawn(
    'sh',
    ['-c', 'ulimit -n "$(ulimit -Hn)"; exec "$0" --import tsx server/server.ts', process.execPath],
    {
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: join(dir, 'data'),
        CLIENT_DIR: dir,
        DATABASE_URL: '',
        LIVE_MATCHES: '1',
        MOVE_DELAY_MS: '3000',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  await new Promise<void>((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Gridmind is running')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`server exited (${code})`)));
  });
  return child;
}

async function liveMatch(base: string, deadline: number): Promise<{ id: string; moves: number }> {
  while (Date.now() < deadline) {
    const body = matchListResponseSchema.parse(
      await (await fetch(`${base}/api/matches?status=live`)).json(),
    );
    // A fresh match, so the round's moves come before it can end (3 s apart: room to connect).
    const match = body.items.find((item) => item.moves.length <= 2);
    if (match) return { id: match.id, moves: match.moves.length };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('no live match');
}

async function round(base: string, pid: number, watchers: number): Promise<void> {
  const deadline = Date.now() + ROUND_LIMIT_MS;
  const match = await liveMatch(base, deadline);
  const before = await rssKb(pid);
  const connections: SseConnection[] = [];
  // Connect in batches so the listen backlog is never the bottleneck being measured.
  for (let i = 0; i < watchers; i += 500) {
    const batch = Math.min(500, watchers - i);
    connections.push(
      ...(await Promise.all(
        Array.from({ length: batch }, () =>
          openSse(`${base}/api/matches/${match.id}/events`, {
            'last-event-id': String(match.moves),
          }),
        ),
      )),
    );
  }
  const connectMs = Date.now() - deadline + ROUND_LIMIT_MS;
  const connected = await rssKb(pid);
  // Moves played while connecting arrive as backlog, not live: only later ones are timed.
  const now = matchListResponseSchema.parse(
    await (await fetch(`${base}/api/matches?status=live`)).json(),
  );
  const fromPly = now.items.find((item) => item.id === match.id)?.moves.length ?? 42;
  const latencies: number[] = [];
  let moves = 0;
  const receiveUntil = Date.now() + RECEIVE_LIMIT_MS;
  const received = connections.map(async (connection) => {
    let seen = 0;
    while (seen < MOVES_PER_ROUND && Date.now() < receiveUntil) {
      const event = await connection.next().catch(() => null);
      if (!event) break;
      if (event.event !== 'move') continue;
      const move = moveEventSchema.parse(JSON.parse(event.data));
      if (move.ply <= fromPly) continue;
      latencies.push(Date.now() - Date.parse(move.playedAt));
      seen++;
    }
    moves = Math.max(moves, seen);
  });
  const timeout = new Promise((resolve) => setTimeout(resolve, RECEIVE_LIMIT_MS).unref());
  await Promise.race([Promise.all(received), timeout]);
  for (const connection of connections) connection.close();
  latencies.sort((a, b) => a - b);
  console.log(
    `N=${watchers.toLocaleString('en')}: ready ${connectMs} ms after round start (match at move ${match.moves}), ` +
      `timing moves after ${fromPly}: ${latencies.length} deliveries over ${moves} moves, ` +
      `latency p50 ${percentile(latencies, 50)} ms, p99 ${percentile(latencies, 99)} ms; ` +
      `server RSS +${((connected - before) / 1024).toFixed(1)} MB, ` +
      `${((connected - before) / watchers).toFixed(1)} KB per watcher`,
  );
  // Let the server notice the hang-ups before the next round measures its memory again.
  await new Promise((resolve) => setTimeout(resolve, 1_000));
}

/** Streams N watchers at one server and prints delivery latency and memory per watcher. */
export default async function watchersBench(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'gridmind-watchers-'));
  await writeFile(join(dir, 'index.html'), '<!doctype html><title>Gridmind</title>');
  const port = await freePort();
  const server = await startServer(dir, port);
  try {
    for (const watchers of ROUNDS) await round(`http://127.0.0.1:${port}`, server.pid!, watchers);
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await rm(dir, { recursive: true, force: true });
  }
}

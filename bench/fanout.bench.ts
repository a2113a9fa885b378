/**
 * Fan-out: the server's own cost of writing one move frame to N open event streams, without the
 * database or the match runner. The streams' clients sit in one child process (fanoutSink.ts)
 * that only drains. Alternates the way streams were written before (`ServerResponse.write` of the
 * frame as a string, framed and sent by Node at the end of the tick) with the way they are now
 * (sseFrame.ts: one pre-chunked Buffer shared by every stream, written on each socket) and prints,
 * for each, this process's CPU time per watcher (user + system: the loopback TCP send is mostly
 * the kernel's) and the wall time until every write had reached its socket. CPU time is the figure
 * to compare on a busy machine; wall time says how long the last watcher waited here.
 */
import { spawn } from 'node:child_process';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { figureNumber, figureRowReport } from '#scripts/figuresTable.ts';
import { type SseWriter, sseFrame, sseWriter } from '#server/plugins/sseFrame.ts';

const WATCHERS = Number(process.env.FANOUT_WATCHERS ?? 2_000);
const ROUNDS = 5;

// A move frame of the usual size: the move, its agent's trace, the time.
const FRAME = `id: 7\nevent: move\ndata: ${JSON.stringify({
  matchId: '5f0c8a9e-3d1b-4c6e-9a7f-2b8d4e6f1a3c',
  ply: 7,
  move: '3',
  agentId: 'ada',
  trace: {
    candidates: [1, 2, 3, 4, 5, 6, 7].map((move) => ({ move: String(move), score: move * 3 - 9 })),
    depth: 12,
    nodes: 183_442,
    chosen: '3',
    advantage: 0.2,
    reason: 'takes the centre column, which every line of the search prefers',
  },
  playedAt: '2026-11-23T07:00:00.000Z',
})}\n\n`;

/** Times one fan-out: CPU per watcher and wall time to the next turn of the event loop. */
async function timed(write: () => void): Promise<{ cpuUsPerWatcher: number; wallMs: number }> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  write();
  await new Promise((resolve) => setImmediate(resolve));
  const wallMs = performance.now() - started;
  const used = process.cpuUsage(cpu);
  return { cpuUsPerWatcher: (used.user + used.system) / WATCHERS, wallMs };
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

/** Writes one frame to N loopback streams both ways and prints the cost of each. */
export default async function fanoutBench(): Promise<void> {
  const streams: { response: ServerResponse; write: SseWriter }[] = [];
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    response.write('retry: 2000\n\n');
    streams.push({ response, write: sseWriter(response) });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  // Each stream is a socket: raise the sink's descriptor limit to the hard limit first.
  const sink = spawn(
    'sh',
    [
      '-c',
      'ulimit -n "$(ulimit -Hn)"; exec "$0" --import tsx bench/fanoutSink.ts "$@"',
      process.execPath,
      String(port),
      String(WATCHERS),
    ],
    { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
  );
  await new Promise((resolve) => sink.once('message', resolve));
  const before: { cpuUsPerWatcher: number; wallMs: number }[] = [];
  const after: { cpuUsPerWatcher: number; wallMs: number }[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    // Let the sink drain the previous round before the next one is timed.
    await new Promise((resolve) => setTimeout(resolve, 300));
    before.push(
      await timed(() => {
        for (const { response } of streams) response.write(FRAME);
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    const frame = sseFrame(FRAME);
    after.push(
      await timed(() => {
        for (const { write } of streams) write(frame);
      }),
    );
  }
  const line = (name: string, runs: typeof before) =>
    `  ${name}: CPU ${median(runs.map((run) => run.cpuUsPerWatcher)).toFixed(1)} µs per watcher, ` +
    `all written in ${median(runs.map((run) => run.wallMs)).toFixed(0)} ms (medians of ${ROUNDS})`;
  console.log(`${streams.length} streams, one ${Buffer.byteLength(FRAME)}-byte move frame:`);
  console.log(line('ServerResponse.write(string)', before));
  console.log(line('shared chunk on the socket  ', after));
  const cpuUs = (runs: typeof before) => median(runs.map((run) => run.cpuUsPerWatcher)).toFixed(1);
  console.log(
    figureRowReport({
      figure: "the server's write of one move frame, per socket",
      target: 'none',
      value: `${cpuUs(after)} µs CPU (${cpuUs(before)} through \`ServerResponse.write\`), ${figureNumber(streams.length)} streams`,
      command: '`npm run bench -- fanout`',
    }),
  );
  sink.kill('SIGKILL');
  server.closeAllConnections();
  server.close();
}

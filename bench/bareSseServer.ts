/**
 * The floor of the watchers tail benchmark (spawned by watchersTail.bench.ts with an IPC
 * channel): a bare Node HTTP server that answers every request with an event stream and, every
 * `moveDelayMs`, writes one move frame of the usual size to every open stream through the same
 * writer the server uses (sseFrame.ts), one plain loop. No database, no runner, no agents, no
 * hub: what is left of a move's delivery spread here is Node, the kernel and the clients.
 * Sends its port on the IPC channel; answers `'ply'` with the last ply written, and `'loops'`
 * with each move's write loop as the server's probe times it (fanoutProbe.ts).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { type SseWriter, sseFrame, sseWriter } from '#server/plugins/sseFrame.ts';
import { threadSchedule } from './threadSchedule.ts';

const moveDelayMs = Number(process.argv[2] ?? 1_000);
const streams = new Set<SseWriter>();
let ply = 0;
const loops: { ply: number; loopMs: number; loopCpuMs?: number; loopWaitMs?: number }[] = [];

// A move event as the server sends it: the move, its agent's trace, the move list after it.
function moveFrame(): string {
  ply++;
  const event = {
    matchId: '5f0c8a9e-3d1b-4c6e-9a7f-2b8d4e6f1a3c',
    ply,
    move: 'd3',
    agentId: 'ada',
    trace: {
      candidates: [1, 2, 3, 4, 5, 6, 7].map((move) => ({ move: String(move), score: move * 3 })),
      depth: 12,
      nodes: 183_442,
      chosen: 'd3',
      advantage: 0.2,
      reason: 'takes the centre, which every line of the search prefers',
    },
    playedAt: new Date().toISOString(),
    moves: 'd3c5f6f5e6e3'.repeat(Math.ceil(ply / 6)).slice(0, ply * 2),
  };
  return `id: ${ply}\nevent: move\ndata: ${JSON.stringify(event)}\n\n`;
}

const server = createServer((request, response) => {
  response.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
  });
  response.write('retry: 2000\n\n');
  const write = sseWriter(response);
  streams.add(write);
  request.socket.once('close', () => streams.delete(write));
});
server.listen({ port: 0, host: '127.0.0.1', backlog: 4096 }, () => {
  process.send?.({ port: (server.address() as AddressInfo).port });
});
setInterval(() => {
  const frame = sseFrame(moveFrame());
  const schedule = threadSchedule();
  const started = performance.now();
  for (const write of streams) write(frame);
  const loopMs = performance.now() - started;
  const after = threadSchedule();
  loops.push({
    ply,
    loopMs,
    ...(schedule && after
      ? {
          loopCpuMs: (after.runNs - schedule.runNs) / 1e6,
          loopWaitMs: (after.waitNs - schedule.waitNs) / 1e6,
        }
      : {}),
  });
}, moveDelayMs);
process.on('message', (message) => {
  if (message === 'ply') process.send?.({ ply });
  if (message === 'loops') process.send?.({ loops });
});

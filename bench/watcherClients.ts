/**
 * One client process of the watchers benchmark (spawned by watchers.bench.ts with an IPC channel):
 * opens `count` SSE streams to `url` over raw TCP sockets in parallel batches, tells the parent
 * when all are open, then times every move event with a ply above the one the parent names, until
 * each stream saw `moves` of them or the parent asks for the figures.
 *
 * Lean on purpose, so that what is timed is the server's delivery rather than this process's own
 * parsing: no HTTP client, no text decoding of whole frames. Each socket chunk is stamped with the
 * clock the moment its callback starts, and an event is timed by the chunk holding its first byte.
 */
import { connect, type Socket } from 'node:net';

const [url = '', countText = '0', lastId = '0'] = process.argv.slice(2);
const count = Number(countText);
const BATCH = 250;
// What a move frame starts with; its data line then holds `"ply":N` and `"playedAt":"ISO"`.
const MOVE_MARK = 'event: move\ndata: ';

type ParentMessage = { kind: 'measure'; fromPly: number; moves: number } | { kind: 'report' };

const target = new URL(url);
const requestText =
  `GET ${target.pathname}${target.search} HTTP/1.1\r\nHost: ${target.host}\r\n` +
  `Accept: text/event-stream\r\nLast-Event-ID: ${lastId}\r\n\r\n`;
const latencies: number[] = [];
let fromPly = Number.POSITIVE_INFINITY;
let wanted = 0;
let satisfied = 0;
let failed = 0;
// This process's CPU time from the parent's `measure` to the last timed event (or the report).
let cpuAtMeasure: NodeJS.CpuUsage | null = null;
let cpuMs: number | null = null;

function stopCpuClock(): void {
  if (!cpuAtMeasure || cpuMs !== null) return;
  const used = process.cpuUsage(cpuAtMeasure);
  cpuMs = (used.user + used.system) / 1000;
}

function send(message: object): void {
  process.send?.(message);
}

/** One stream's parse state: the undelivered tail of the text and when its first byte came. */
interface Stream {
  tail: string;
  tailStampMs: number;
  moves: number;
}

/** Times the move frames that start in `text`; returns the offset from which text is still needed. */
function scan(stream: Stream, text: string, stampOf: (offset: number) => number): number {
  let at = text.indexOf(MOVE_MARK);
  while (at >= 0) {
    const lineEnd = text.indexOf('\n', at + MOVE_MARK.length);
    if (lineEnd < 0) return at;
    const plyAt = text.indexOf('"ply":', at);
    const playedAt = text.indexOf('"playedAt":"', at);
    if (plyAt > 0 && plyAt < lineEnd && playedAt > 0 && playedAt < lineEnd) {
      const ply = Number.parseInt(text.slice(plyAt + 6, plyAt + 9), 10);
      if (ply > fromPly && stream.moves < wanted) {
        const stampMs = text.slice(playedAt + 12, text.indexOf('"', playedAt + 12));
        latencies.push(stampOf(at) - Date.parse(stampMs));
        stream.moves++;
        if (stream.moves === wanted && ++satisfied === count) {
          stopCpuClock();
          send({ kind: 'done' });
        }
      }
    }
    at = text.indexOf(MOVE_MARK, lineEnd);
  }
  // Keep enough of the end to find a mark split across two chunks.
  return Math.max(0, text.length - MOVE_MARK.length);
}

function open(): Promise<void> {
  return new Promise((resolve) => {
    const socket: Socket = connect(Number(target.port), target.hostname);
    const stream: Stream = { tail: '', tailStampMs: 0, moves: 0 };
    let answered = false;
    socket.setNoDelay(true);
    socket.on('connect', () => socket.write(requestText));
    socket.on('data', (chunk: Buffer) => {
      const nowMs = Date.now();
      // Latin-1 keeps one character per byte and is the cheapest decoding; the marks are ASCII.
      const text = stream.tail + chunk.toString('latin1');
      if (!answered) {
        answered = true;
        if (!text.startsWith('HTTP/1.1 200')) failed++;
        resolve();
      }
      const tailLength = stream.tail.length;
      const tailStampMs = stream.tailStampMs;
      const keepFrom = scan(stream, text, (offset) => (offset < tailLength ? tailStampMs : nowMs));
      stream.tail = text.slice(keepFrom);
      stream.tailStampMs = keepFrom < tailLength ? tailStampMs : nowMs;
    });
    // No answer, or a stream silent past two heartbeats: count it as failed.
    socket.setTimeout(40_000, () => socket.destroy());
    socket.on('error', () => {});
    socket.on('close', () => {
      if (answered) return;
      answered = true;
      failed++;
      resolve();
    });
  });
}

process.on('message', (message: ParentMessage) => {
  if (message.kind === 'measure') {
    fromPly = message.fromPly;
    wanted = message.moves;
    cpuAtMeasure = process.cpuUsage();
  } else {
    stopCpuClock();
    send({ kind: 'report', latencies, failed, cpuMs });
  }
});

const started = Date.now();
for (let opened = 0; opened < count; opened += BATCH) {
  await Promise.all(Array.from({ length: Math.min(BATCH, count - opened) }, open));
}
send({ kind: 'connected', failed, connectMs: Date.now() - started });

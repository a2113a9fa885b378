import type { ServerResponse } from 'node:http';
import { type SseWriter, sseFrame, sseWriter } from './sseFrame.ts';

/** A comment line: EventSource ignores it; proxies see bytes and keep the connection. */
const HEARTBEAT = sseFrame(': heartbeat\n\n');

interface OpenStream {
  readonly write: SseWriter;
  /** No frame since the last tick. */
  idle: boolean;
}

/**
 * The process's open event streams, kept alive through proxies by one timer: each tick writes a
 * comment to the streams that were sent nothing since the tick before. Watchers of a live match
 * get a move every few seconds, so a tick writes nothing to them: a comment to every one of
 * 10,000 streams held the event loop for about as long as a move's fan-out, and a move arriving
 * then waited behind it.
 */
export class SseStreams {
  private readonly streams = new Map<ServerResponse, OpenStream>();

  /** The writer for a stream whose headers are sent; the stream leaves the set when it closes. */
  open(stream: ServerResponse): SseWriter {
    const entry: OpenStream = { write: sseWriter(stream), idle: false };
    this.streams.set(stream, entry);
    stream.on('close', () => this.streams.delete(stream));
    // Closed before it opened (the client left while the route awaited): no 'close' will come.
    if (stream.destroyed) this.streams.delete(stream);
    return (frame) => {
      entry.idle = false;
      entry.write(frame);
    };
  }

  /** Writes a heartbeat to every stream idle since the last tick; returns how many got one. */
  tick(): number {
    let written = 0;
    for (const [stream, entry] of this.streams) {
      if (entry.idle && !stream.writableEnded) {
        entry.write(HEARTBEAT);
        written++;
      }
      entry.idle = true;
    }
    return written;
  }

  /** Ends every stream (the server is closing: open streams would never let it finish). */
  endAll(): void {
    for (const stream of this.streams.keys()) stream.end();
  }

  get size(): number {
    return this.streams.size;
  }
}

import type { ServerResponse } from 'node:http';
import { Socket } from 'node:net';

/**
 * One Server-Sent Events frame, encoded once for every stream that receives it: thousands of
 * watchers of a match share these bytes instead of each re-encoding a string.
 */
export interface SseFrame {
  /** The frame as the event-stream format defines it. */
  readonly body: Buffer;
  /** The same bytes as one HTTP/1.1 chunk (size line, body, CRLF): what a chunked stream sends. */
  readonly chunk: Buffer;
}

/** Encodes an event-stream frame (`id:`, `event:`, `data:` lines or a comment, blank line). */
export function sseFrame(text: string): SseFrame {
  const bodyLength = Buffer.byteLength(text);
  const sizeLine = `${bodyLength.toString(16)}\r\n`;
  const chunk = Buffer.allocUnsafe(sizeLine.length + bodyLength + 2);
  chunk.write(sizeLine, 0, 'latin1');
  chunk.write(text, sizeLine.length, 'utf8');
  chunk.write('\r\n', sizeLine.length + bodyLength, 'latin1');
  return { body: chunk.subarray(sizeLine.length, sizeLine.length + bodyLength), chunk };
}

/** Writes frames to one open event stream. */
export type SseWriter = (frame: SseFrame) => void;

/**
 * The cheapest way to write frames to a stream whose headers are sent. A chunked response that
 * owns a real TCP socket gets the pre-framed chunk on the socket itself: one buffer and, usually,
 * one system call per watcher, sent at once, where `ServerResponse.write` would frame the chunk
 * again (four buffers) and hold it until the next tick, so that the first watcher of a crowd
 * received nothing before the last one's write was queued. Anything else (an HTTP/1.0 client, a
 * response still queued behind another on its connection, an injected test request) goes through
 * `write`. Both paths feed the same socket in order, so the response's own writes (heartbeats,
 * the closing chunk) still land between frames, never inside one.
 */
export function sseWriter(stream: ServerResponse): SseWriter {
  const socket = stream.socket;
  if (socket instanceof Socket && stream.chunkedEncoding && stream.headersSent) {
    return (frame) => {
      if (!socket.destroyed) socket.write(frame.chunk);
    };
  }
  return (frame) => {
    stream.write(frame.body);
  };
}

import { request } from 'node:http';
import { createSseParser, type SseMessage } from '#core/protocol/sseParser.ts';

/** An open SSE connection: events as they come, and a way to hang up. */
export interface SseConnection {
  /** Resolves with the next event (waits for it); rejects when the stream ends first. */
  next(): Promise<SseMessage>;
  close(): void;
}

/**
 * A minimal SSE client over node:http, for tests and the watchers benchmark (where thousands of
 * fetch streams would cost more than the server under test).
 */
export function openSse(url: string, headers: Record<string, string> = {}): Promise<SseConnection> {
  return new Promise((resolve, reject) => {
    const queue: SseMessage[] = [];
    const waiters: { resolve: (event: SseMessage) => void; reject: (error: Error) => void }[] = [];
    let ended = false;
    const parser = createSseParser();
    const req = request(url, { headers: { accept: 'text/event-stream', ...headers } }, (res) => {
      if (res.statusCode !== 200) {
        reject(new Error(`SSE status ${res.statusCode}`));
        res.resume();
        return;
      }
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        for (const event of parser.push(chunk)) {
          const waiter = waiters.shift();
          if (waiter) waiter.resolve(event);
          else queue.push(event);
        }
      });
      res.on('close', () => {
        ended = true;
        for (const waiter of waiters.splice(0)) waiter.reject(new Error('SSE stream ended'));
      });
      resolve({
        next: () => {
          const queued = queue.shift();
          if (queued) return Promise.resolve(queued);
          if (ended) return Promise.reject(new Error('SSE stream ended'));
          return new Promise((resolveNext, rejectNext) =>
            waiters.push({ resolve: resolveNext, reject: rejectNext }),
          );
        },
        close: () => req.destroy(),
      });
    });
    req.on('error', (error) => {
      if (!ended) reject(error);
    });
    req.end();
  });
}

import { request } from 'node:http';

/** One parsed Server-Sent Event. */
interface SseEvent {
  id: string | undefined;
  event: string;
  data: string;
}

/** An open SSE connection: events as they come, and a way to hang up. */
export interface SseConnection {
  /** Resolves with the next event (waits for it); rejects when the stream ends first. */
  next(): Promise<SseEvent>;
  close(): void;
}

/**
 * A minimal SSE client over node:http, for tests and the watchers benchmark (where thousands of
 * fetch streams would cost more than the server under test).
 */
export function openSse(url: string, headers: Record<string, string> = {}): Promise<SseConnection> {
  return new Promise((resolve, reject) => {
    const queue: SseEvent[] = [];
    const waiters: { resolve: (event: SseEvent) => void; reject: (error: Error) => void }[] = [];
    let ended = false;
    let buffer = '';
    const req = request(url, { headers: { accept: 'text/event-stream', ...headers } }, (res) => {
      if (res.statusCode !== 200) {
        reject(new Error(`SSE status ${res.statusCode}`));
        res.resume();
        return;
      }
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let boundary = buffer.indexOf('\n\n');
        while (boundary >= 0) {
          const block = buffer.slice(0, boundary);
          buffer = buffer.slice(boundary + 2);
          const event = parseBlock(block);
          if (event) {
            const waiter = waiters.shift();
            if (waiter) waiter.resolve(event);
            else queue.push(event);
          }
          boundary = buffer.indexOf('\n\n');
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

function parseBlock(block: string): SseEvent | null {
  let id: string | undefined;
  let event = 'message';
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line.startsWith(':') || line === '') continue;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'id') id = value;
    else if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
  }
  return data.length ? { id, event, data: data.join('\n') } : null;
}

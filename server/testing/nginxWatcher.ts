import { MATCH_EVENT } from '#core/protocol/matches.ts';
import { openSse, type SseConnection } from './sseReader.ts';

/** What one watcher saw of a match: every move number in arrival order, and its reconnections. */
export interface WatchedMatch {
  plies: number[];
  reconnects: number;
}

/**
 * Watches a match's event stream at `url` to its result as a browser's EventSource would: when
 * the stream ends or cannot open (its process died), it comes back after `retryMs` with
 * Last-Event-ID set to the last move it got. Calls `opened` on each stream it opens; gives up
 * once `stopped()` says so.
 */
export async function watchToTheEnd(
  url: string,
  hooks: { stopped: () => boolean; opened?: () => void },
  retryMs = 200,
): Promise<WatchedMatch> {
  const seen: WatchedMatch = { plies: [], reconnects: 0 };
  let lastPly = 0;
  for (;;) {
    if (hooks.stopped()) throw new Error(`watcher stopped after plies ${seen.plies.join(',')}`);
    let stream: SseConnection | undefined;
    try {
      stream = await openSse(url, lastPly > 0 ? { 'last-event-id': String(lastPly) } : {});
      hooks.opened?.();
      for (;;) {
        const event = await stream.next();
        if (event.event === MATCH_EVENT.move) {
          lastPly = Number(event.id);
          seen.plies.push(lastPly);
        } else if (event.event === MATCH_EVENT.result) {
          stream.close();
          return seen;
        }
      }
    } catch {
      // The stream ended or could not open: come back like EventSource after its retry delay.
      stream?.close();
      seen.reconnects++;
      await new Promise((resolve) => setTimeout(resolve, retryMs));
    }
  }
}

import { MATCH_EVENT } from '#core/protocol/matches.ts';
import { type MatchPools, matchPoolsSchema } from '#core/protocol/pools.ts';
import { openSse, type SseConnection } from './sseReader.ts';

/** One stream a watcher opened: what was acknowledged before it, and how it began. */
export interface StreamOpening {
  /** Bets acknowledged before the stream was asked for: its first pools must count them all. */
  betsBefore: number;
  /** The names of its first two events (fewer if it broke first). */
  firstEvents: string[];
  /** The pools it opened with, and how long after its answer they came. */
  pools: MatchPools | null;
  poolsAfterMs: number | null;
}

/** What one watcher saw of a match: every move number in arrival order, and its reconnections. */
export interface WatchedMatch {
  plies: number[];
  reconnects: number;
  openings: StreamOpening[];
  /** The pools it held when the first move came (the betting panel's last word). */
  poolsAtFirstMove: MatchPools | null;
}

/**
 * Watches a match's event stream at `url` to its result as a browser's EventSource would: when
 * the stream ends or cannot open (its process died), it comes back after `retryMs` with
 * Last-Event-ID set to the last move it got, and holds the latest pools the stream sent, as the
 * betting panel does. Calls `opened` on each stream it opens, and `betsAcknowledged` before each
 * opening; gives up once `stopped()` says so.
 */
export async function watchToTheEnd(
  url: string,
  hooks: { stopped: () => boolean; opened?: () => void; betsAcknowledged?: () => number },
  retryMs = 200,
): Promise<WatchedMatch> {
  const seen: WatchedMatch = { plies: [], reconnects: 0, openings: [], poolsAtFirstMove: null };
  let lastPly = 0;
  let pools: MatchPools | null = null;
  for (;;) {
    if (hooks.stopped()) throw new Error(`watcher stopped after plies ${seen.plies.join(',')}`);
    let stream: SseConnection | undefined;
    try {
      const betsBefore = hooks.betsAcknowledged?.() ?? 0;
      stream = await openSse(url, lastPly > 0 ? { 'last-event-id': String(lastPly) } : {});
      const openedAt = Date.now();
      const opening: StreamOpening = {
        betsBefore,
        firstEvents: [],
        pools: null,
        poolsAfterMs: null,
      };
      seen.openings.push(opening);
      hooks.opened?.();
      for (;;) {
        const event = await stream.next();
        if (opening.firstEvents.length < 2) opening.firstEvents.push(event.event);
        if (event.event === MATCH_EVENT.pools) {
          pools = matchPoolsSchema.parse(JSON.parse(event.data));
          if (!opening.pools) {
            opening.pools = pools;
            opening.poolsAfterMs = Date.now() - openedAt;
          }
        } else if (event.event === MATCH_EVENT.move) {
          if (seen.plies.length === 0) seen.poolsAtFirstMove = pools;
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

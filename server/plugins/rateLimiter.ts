import type { Queryable } from '#server/db/database.ts';
import { addHits, pruneWindows } from './rateLimitWindows.ts';

/** What a limiter says about one request. */
export interface RateDecision {
  allowed: boolean;
  /** Whole seconds until the caller's window reopens (at least 1 when refused, else 0). */
  retryAfterSeconds: number;
}

/** Counts requests per caller in fixed windows, for the whole platform. */
export interface RateLimiter {
  /** Whether one more request of `key` is allowed; counted on every process together. */
  hit(key: string): Promise<RateDecision>;
}

/** What this process knows of a caller's current window. */
interface LocalWindow {
  windowStartMs: number;
  /** Hits reserved from the shared count and not yet spent here. */
  reserved: number;
  /** The shared count went past the budget: every process is out until the window ends. */
  exhausted: boolean;
}

interface PendingHit {
  key: string;
  resolve: (decision: RateDecision) => void;
  reject: (error: unknown) => void;
}

/** Stale windows deleted per statement: a bounded delete, repeated while a whole batch went. */
const PRUNE_BATCH = 1_000;

/**
 * A fixed-window limit per caller shared by every process through PostgreSQL (`rate_limit_windows`):
 * at most `max` hits per `windowMs` platform-wide, on an injected clock. Cheap on hot paths:
 * - hits arriving while a statement is on its way go together in the next one (one upsert for a
 *   rush of bets, whoever places them);
 * - a process reserves `blockSize` hits at a time and spends them without a statement; unspent ones
 *   lapse with the window, so a caller spread over N processes may be refused up to
 *   (N - 1) x (blockSize - 1) hits early, never let past the budget;
 * - a caller out of budget is refused from memory until its window ends, so a flood costs one
 *   statement per process per window.
 */
export function createRateLimiter(options: {
  db: Queryable;
  /** The budget's name: its rows in the shared table. */
  budget: string;
  max: number;
  windowMs: number;
  now: () => number;
  /** Hits reserved per statement (1: every hit asks the database). */
  blockSize?: number;
}): RateLimiter {
  const { db, budget, max, windowMs, now } = options;
  const blockSize = Math.max(1, Math.min(options.blockSize ?? 1, max));
  const windows = new Map<string, LocalWindow>();
  let pending: PendingHit[] = [];
  let inFlight = false;
  let nextSweepMs = Number.NEGATIVE_INFINITY;

  const refusal = (window: LocalWindow, nowMs: number): RateDecision => ({
    allowed: false,
    retryAfterSeconds: Math.max(1, Math.ceil((window.windowStartMs + windowMs - nowMs) / 1000)),
  });
  const ALLOWED: RateDecision = { allowed: true, retryAfterSeconds: 0 };

  /** Forgets this process's windows that are over, and the shared rows of callers gone quiet. */
  const sweep = (nowMs: number) => {
    nextSweepMs = nowMs + windowMs;
    for (const [key, window] of windows) {
      if (nowMs - window.windowStartMs >= windowMs) windows.delete(key);
    }
    // Off the request's path: a failed prune is retried a window later.
    void (async () => {
      while ((await pruneWindows(db, budget, nowMs - windowMs, PRUNE_BATCH)) === PRUNE_BATCH);
    })().catch(() => {});
  };

  /** Sends the hits waiting, one statement for all their callers, then whatever came meanwhile. */
  const flush = async () => {
    if (inFlight || pending.length === 0) return;
    inFlight = true;
    const batch = pending;
    pending = [];
    const byKey = new Map<string, PendingHit[]>();
    for (const hit of batch) byKey.set(hit.key, [...(byKey.get(hit.key) ?? []), hit]);
    const adds = new Map([...byKey].map(([key, hits]) => [key, Math.max(hits.length, blockSize)]));
    try {
      const nowMs = now();
      const counts = await addHits(db, budget, windowMs, nowMs, adds);
      for (const [key, hits] of byKey) {
        const added = adds.get(key) ?? 0;
        const count = counts.get(key);
        if (!count) throw new Error(`rate limit ${budget}: no count came back for a caller`);
        // This process's hits are the last `added` of the count: those within the budget are its.
        const granted = Math.min(added, Math.max(0, max - (count.hits - added)));
        const window: LocalWindow = {
          windowStartMs: count.windowStartMs,
          reserved: Math.max(0, granted - hits.length),
          exhausted: granted < added,
        };
        windows.set(key, window);
        hits.forEach((hit, index) => {
          hit.resolve(index < granted ? ALLOWED : refusal(window, nowMs));
        });
      }
    } catch (error) {
      for (const hit of batch) hit.reject(error);
    } finally {
      inFlight = false;
      void flush();
    }
  };

  return {
    hit(key) {
      const nowMs = now();
      if (nowMs >= nextSweepMs) sweep(nowMs);
      const window = windows.get(key);
      if (window && nowMs - window.windowStartMs < windowMs) {
        if (window.reserved > 0) {
          window.reserved -= 1;
          return Promise.resolve(ALLOWED);
        }
        if (window.exhausted) return Promise.resolve(refusal(window, nowMs));
      }
      return new Promise((resolve, reject) => {
        pending.push({ key, resolve, reject });
        // Hits of the same tick join one statement.
        if (pending.length === 1) queueMicrotask(() => void flush());
      });
    },
  };
}

/** What a limiter says about one request. */
interface RateDecision {
  allowed: boolean;
  /** Whole seconds until the caller's window reopens (at least 1 when refused, else 0). */
  retryAfterSeconds: number;
}

/** Counts requests per key in fixed windows; `hit` answers whether one more is allowed. */
export interface RateLimiter {
  hit(key: string): RateDecision;
  /** Keys currently tracked (expired ones are dropped once per window). */
  size(): number;
}

/**
 * A fixed-window counter per key, on an injected clock: at most `max` hits per `windowMs`. Expired
 * windows are swept at most once per window, so memory follows the callers of the last window.
 */
export function createRateLimiter(options: {
  max: number;
  windowMs: number;
  now: () => number;
}): RateLimiter {
  const { max, windowMs, now } = options;
  const windows = new Map<string, { startMs: number; count: number }>();
  let nextSweepMs = Number.NEGATIVE_INFINITY;

  const sweep = (nowMs: number) => {
    for (const [key, window] of windows) {
      if (nowMs - window.startMs >= windowMs) windows.delete(key);
    }
    nextSweepMs = nowMs + windowMs;
  };

  return {
    hit(key) {
      const nowMs = now();
      if (nowMs >= nextSweepMs) sweep(nowMs);
      let window = windows.get(key);
      if (!window || nowMs - window.startMs >= windowMs) {
        window = { startMs: nowMs, count: 0 };
        windows.set(key, window);
      }
      window.count += 1;
      if (window.count <= max) return { allowed: true, retryAfterSeconds: 0 };
      const waitMs = window.startMs + windowMs - nowMs;
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
    },
    size: () => windows.size,
  };
}

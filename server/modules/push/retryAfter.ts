/** Longest wait a push service's Retry-After is taken at its word for; beyond it we ask again. */
const RETRY_AFTER_MAX_MS = 60 * 60_000;

/**
 * A `Retry-After` header in milliseconds from `nowMs` (RFC 9110: delay seconds or an HTTP date),
 * or null when absent or unreadable. A date in the past means now; a long wait is capped.
 */
export function retryAfterMs(header: string | undefined, nowMs: number): number | null {
  const value = header?.trim();
  if (!value) return null;
  if (/^\d+$/.test(value)) return Math.min(Number(value) * 1000, RETRY_AFTER_MAX_MS);
  // An HTTP date names its day and month; Date.parse alone would read '-5' as a year.
  if (!/[a-z]/i.test(value)) return null;
  const dateMs = Date.parse(value);
  if (Number.isNaN(dateMs)) return null;
  return Math.min(Math.max(dateMs - nowMs, 0), RETRY_AFTER_MAX_MS);
}

/**
 * How long until an announced match's first move, for a countdown: "in 23 s", "in 2 min 05 s",
 * and "any moment now" once the time has come (the first move follows within a move's delay).
 */
export function startsInText(startsAtMs: number, nowMs: number): string {
  const seconds = Math.ceil((startsAtMs - nowMs) / 1000);
  if (seconds <= 0) return 'any moment now';
  if (seconds < 60) return `in ${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  return `in ${minutes} min ${String(seconds % 60).padStart(2, '0')} s`;
}

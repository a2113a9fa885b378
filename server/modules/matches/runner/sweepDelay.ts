/**
 * When the next sweep runs: the regular period, doubled for each failed sweep in a row, but never
 * beyond a third of the lease, so once the database is back leases are renewed before another
 * process may take over.
 */
export function nextSweepMs(sweepMs: number, leaseMs: number, failedSweeps: number): number {
  const backoff = sweepMs * 2 ** Math.min(failedSweeps, 8);
  return Math.min(backoff, Math.max(sweepMs, leaseMs / 3));
}

/**
 * When a bet that got no acknowledgement is sent again by itself, under its idempotency key (so
 * it is placed once however often it arrives): the betting panel's policy, and the rolling-restart
 * test's client, which must hold to it.
 */

/** Sends after the first: enough to outlast a process restarting behind nginx. */
const BET_RETRIES = 5;

/**
 * Whether the bet goes again after `failures` sends: only when no process answered it (`status`
 * null: no answer at all) or nginx said it reached none (502, 503, 504); never when the server
 * refused it or failed on it.
 */
export function sendsBetAgain(failures: number, status: number | null): boolean {
  if (failures > BET_RETRIES) return false;
  return status === null || status === 502 || status === 503 || status === 504;
}

/** The wait before the next send: 0.5 s, then 1, 2, 2, 2 (about 7.5 s in all). */
export function betRetryDelayMs(failures: number): number {
  return Math.min(500 * 2 ** (failures - 1), 2000);
}

import {
  type PlaceBetBody,
  type PlaceBetResponse,
  placeBetResponseSchema,
} from '#core/protocol/bets.ts';
import { HttpError, requestJson } from '#src/lib/http/requestJson.ts';

/** `POST /api/bets`; a retry with the same idempotency key answers the same bet. */
export function placeBet(body: PlaceBetBody): Promise<PlaceBetResponse> {
  return requestJson('/api/bets', placeBetResponseSchema, { method: 'POST', body });
}

/** Sends after the first: enough to outlast a process restarting behind nginx (a few seconds). */
const BET_RETRIES = 5;

/**
 * Whether a bet that failed is sent again by itself, with the same idempotency key (so it is
 * placed once however often it arrives): when the answer says the platform was not reached or
 * was between processes (no answer at all, 502, 503, 504), never when the server refused it.
 */
export function retriesBet(failures: number, error: Error): boolean {
  if (failures > BET_RETRIES) return false;
  if (error instanceof HttpError) return [502, 503, 504].includes(error.status);
  // fetch rejects with a TypeError when no answer came (connection refused or reset).
  return error instanceof TypeError;
}

/** 0.5 s, then 1, 2, 2, 2: a restart behind nginx is over in seconds. */
export function betRetryDelayMs(failures: number): number {
  return Math.min(500 * 2 ** (failures - 1), 2000);
}

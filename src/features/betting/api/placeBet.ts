import { sendsBetAgain } from '#core/betting/betRetry.ts';
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

/**
 * The mutation's retry test (core/betting/betRetry.ts): an answer's status, or none when fetch
 * rejected with a TypeError (connection refused or reset); anything else (a body that did not
 * parse) is not sent again.
 */
export function retriesBet(failures: number, error: Error): boolean {
  if (error instanceof HttpError) return sendsBetAgain(failures, error.status);
  return error instanceof TypeError && sendsBetAgain(failures, null);
}

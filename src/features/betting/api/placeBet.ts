import {
  type PlaceBetBody,
  type PlaceBetResponse,
  placeBetResponseSchema,
} from '#core/protocol/bets.ts';
import { requestJson } from '#src/lib/http/requestJson.ts';

/** `POST /api/bets`; a retry with the same idempotency key answers the same bet. */
export function placeBet(body: PlaceBetBody): Promise<PlaceBetResponse> {
  return requestJson('/api/bets', placeBetResponseSchema, { method: 'POST', body });
}

import {
  type PlaceBetBody,
  type PlaceBetResponse,
  placeBetResponseSchema,
} from '../../../../core/protocol/bets.ts';
import { request } from './request.ts';

/** `POST /api/bets`; a retry with the same idempotency key answers the same bet. */
export function placeBet(body: PlaceBetBody): Promise<PlaceBetResponse> {
  return request('/api/bets', placeBetResponseSchema, { method: 'POST', body });
}

import * as z from 'zod/mini';
import { pointsSchema } from './points.ts';

/** What a bet backs: the player who moves first, the second, or a draw. */
const betSideSchema = z.enum(['first', 'second', 'draw'], {
  error: 'Side must be first, second or draw.',
});

/**
 * Body of `POST /api/bets`. The idempotency key makes a retried request place one bet: it is
 * unique for its user on its match.
 */
export const placeBetBodySchema = z.object({
  matchId: z.string().check(z.minLength(1, 'Choose a match.'), z.maxLength(64)),
  side: betSideSchema,
  amount: z
    .int({ error: 'The amount must be a whole number of points.' })
    .check(
      z.positive('The amount must be at least 1 point.'),
      z.maximum(Number.MAX_SAFE_INTEGER, 'The amount is too large.'),
    ),
  idempotencyKey: z
    .string()
    .check(
      z.regex(
        /^[A-Za-z0-9_-]{8,64}$/,
        'The idempotency key must be 8 to 64 letters, digits, - or _.',
      ),
    ),
});

/** Where a bet stands: waiting for its match, won, lost, or refunded. */
const betStatusSchema = z.enum(['open', 'won', 'lost', 'refunded']);

/** One bet as the API shows it; `payout` is set once settled (0 for a lost bet). */
export const betSchema = z.object({
  id: z.string(),
  matchId: z.string(),
  side: betSideSchema,
  amount: pointsSchema,
  status: betStatusSchema,
  payout: z.nullable(pointsSchema),
  placedAt: z.iso.datetime({ offset: true }),
  settledAt: z.nullable(z.iso.datetime({ offset: true })),
});

/** Reply of `POST /api/bets`: the bet and the balance after it. */
export const placeBetResponseSchema = z.object({ bet: betSchema, balance: pointsSchema });

/** Why the owner of a seated agent may not bet on its match: the server's 409 and the panel say it. */
export const OWN_AGENT_PLAYS =
  'You own an agent in this match, so you cannot bet on it: its result is in your hands.';

/**
 * Reply of `GET /api/bets`: the user's own bets and, when the query names a match, whether an
 * agent of theirs plays in it (then they cannot bet on it, and the betting panel says so).
 */
export const myBetsSchema = z.object({ items: z.array(betSchema), ownAgentPlays: z.boolean() });

/** @see betSchema */
export type Bet = z.infer<typeof betSchema>;
/** @see placeBetBodySchema */
export type PlaceBetBody = z.infer<typeof placeBetBodySchema>;
/** @see placeBetResponseSchema */
export type PlaceBetResponse = z.infer<typeof placeBetResponseSchema>;
/** @see myBetsSchema */
export type MyBets = z.infer<typeof myBetsSchema>;

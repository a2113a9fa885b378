// zod/mini: Home's featured match reads the pools, and the first load stays small.
import * as z from 'zod/mini';
import { pointsSchema } from './points.ts';

/** Body of `GET /api/matches/:id/pools`: stakes per side, implied odds, and whether bets are open. */
export const matchPoolsSchema = z.object({
  matchId: z.string(),
  open: z.boolean(),
  commissionPct: z.int().check(z.minimum(0), z.maximum(100)),
  pools: z.object({ first: pointsSchema, second: pointsSchema, draw: pointsSchema }),
  odds: z.object({
    first: z.nullable(z.number()),
    second: z.nullable(z.number()),
    draw: z.nullable(z.number()),
  }),
  bets: z.int().check(z.minimum(0)),
});

/** @see matchPoolsSchema */
export type MatchPools = z.infer<typeof matchPoolsSchema>;

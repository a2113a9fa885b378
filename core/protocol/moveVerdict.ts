// zod/mini, like matchMoves.ts: the watch page validates with it in the browser.
import * as z from 'zod/mini';
import { VERDICT_GRADES } from '#core/games/verdict.ts';
import { count, notation } from './matches.ts';

/** A position's value with perfect play for the side that moves (core/games/verdict.ts). */
const exactValueSchema = z.object({
  result: z.enum(['win', 'draw', 'loss']),
  by: count,
});

/**
 * The server's verdict on a move (core/games/verdict.ts `MoveVerdict`): its grade, the values
 * with the best move and with the move played (exact results, or winning chances), and a better
 * move when there was one.
 */
export const moveVerdictSchema = z.union([
  z.object({
    grade: z.enum(VERDICT_GRADES),
    exact: z.literal(true),
    unit: z.enum(['plies', 'discs']),
    best: exactValueSchema,
    played: exactValueSchema,
    better: z.optional(notation),
  }),
  // from the drop in winning chances: whole percent for the mover, best move and move played
  z.object({
    grade: z.enum(VERDICT_GRADES),
    exact: z.literal(false),
    unit: z.literal('chances'),
    best: z.int().check(z.minimum(0), z.maximum(100)),
    played: z.int().check(z.minimum(0), z.maximum(100)),
    better: z.optional(notation),
    // the judge's completed depth; verdicts stored before it was recorded have none
    depth: z.optional(count),
  }),
]);

/** @see moveVerdictSchema */
export type MoveVerdictData = z.infer<typeof moveVerdictSchema>;

import { z } from 'zod';
import { agentTraitsSchema } from '#core/agents/traits.ts';
import { GAME_IDS } from '#core/games/gameIds.ts';
import { movesSchema, notation } from '#core/protocol/matches.ts';
import { moveTraceSchema } from '#core/protocol/matchMoves.ts';
import { moveVerdictSchema } from '#core/protocol/moveVerdict.ts';

/** What the pool posts to a decision worker: a position, who plays it, and its time budget. */
export const decisionRequestSchema = z.object({
  id: z.number().int(),
  game: z.enum(GAME_IDS),
  moves: movesSchema,
  traits: agentTraitsSchema,
  seed: z.number().int(),
  budgetMs: z.number().int().positive(),
});

/**
 * What the pool posts to judge a move once it is chosen: the position before it, the move, and
 * a time limit (the game's node budget keeps a verdict shorter; this is the safety stop).
 */
export const judgeRequestSchema = z.object({
  id: z.number().int(),
  kind: z.literal('judge'),
  game: z.enum(GAME_IDS),
  moves: movesSchema,
  move: notation,
  budgetMs: z.number().int().positive(),
  /** A late exact verdict's node budget, beyond the game's own (core/games/lateVerdict.ts). */
  exactNodes: z.number().int().positive().optional(),
  /** A deeper chances verdict's node budget and depth (core/games/lateVerdict.ts). */
  chancesNodes: z.number().int().positive().optional(),
  chancesDepth: z.number().int().positive().optional(),
});

/**
 * What a decision worker posts: once `ready` when it has loaded the games and lowered its
 * priority, then one answer per request.
 */
export const decisionResponseSchema = z.union([
  z.object({ ready: z.literal(true) }),
  z.object({
    id: z.number().int(),
    decision: z.object({
      move: z.string(),
      trace: z.object({ ...moveTraceSchema.shape, advantage: z.number().min(-1).max(1) }),
    }),
  }),
  z.object({ id: z.number().int(), verdict: z.nullable(moveVerdictSchema) }),
  z.object({ id: z.number().int(), error: z.string() }),
]);

/** @see judgeRequestSchema */
export type JudgeRequest = z.infer<typeof judgeRequestSchema>;

/** @see decisionRequestSchema */
export type DecisionRequest = z.infer<typeof decisionRequestSchema>;

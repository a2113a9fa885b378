import * as z from 'zod/mini';

/** A Connect Four move list as the watch page holds it: one column digit per move. */
const movesSchema = z.string().check(z.regex(/^[1-7]{0,42}$/));

/** What the page asks the analysis worker: every column of the position after `moves`. */
export const analysisRequestSchema = z.object({
  type: z.literal('analyze'),
  moves: movesSchema,
});

/** A request to the analysis worker. */
export type AnalysisRequest = z.infer<typeof analysisRequestSchema>;

/**
 * What perfect play gives one column, from the side to move: a win or a loss in `moves` moves of
 * the winner (this one included when the mover wins), a draw, or a full column.
 */
export const columnVerdictSchema = z.object({
  column: z.int().check(z.minimum(1), z.maximum(7)),
  outcome: z.enum(['win', 'draw', 'loss', 'full']),
  moves: z.optional(z.int().check(z.minimum(1))),
});

/** One column's verdict. */
export type ColumnVerdict = z.infer<typeof columnVerdictSchema>;

/**
 * What the worker answers, each naming the position (`moves`) it is about: a column scored
 * (progress, `done` of 7), every column and the best ones once all are, or why it could not.
 */
export const analysisReplySchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('column'),
    moves: movesSchema,
    verdict: columnVerdictSchema,
    done: z.int().check(z.minimum(1), z.maximum(7)),
  }),
  z.object({
    type: z.literal('result'),
    moves: movesSchema,
    columns: z.array(columnVerdictSchema).check(z.length(7)),
    best: z.array(z.int().check(z.minimum(1), z.maximum(7))),
    nodes: z.number(),
  }),
  z.object({ type: z.literal('error'), moves: z.string(), message: z.string() }),
]);

/** A reply of the analysis worker. */
export type AnalysisReply = z.infer<typeof analysisReplySchema>;

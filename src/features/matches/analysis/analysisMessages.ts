import * as z from 'zod/mini';

// Only zod/mini functions the first load already holds (enum, not literal; no unions): firstLoadChunks
// claims any zod module our lazy code reaches into the app chunk, and each new one grew it.

/** A Connect Four move list as the watch page holds it: one column digit per move. */
const movesSchema = z.string().check(z.regex(/^[1-7]{0,42}$/));
const columnSchema = z.int().check(z.minimum(1), z.maximum(7));

/** What the page asks the analysis worker: every column of the position after `moves`. */
export const analysisRequestSchema = z.object({
  type: z.enum(['analyze']),
  moves: movesSchema,
});

/** A request to the analysis worker. */
export type AnalysisRequest = z.infer<typeof analysisRequestSchema>;

/**
 * What perfect play gives one column, from the side to move: a win or a loss in `moves` moves of
 * the winner (this one included when the mover wins), a draw, or a full column.
 */
const columnVerdictSchema = z.object({
  column: columnSchema,
  outcome: z.enum(['win', 'draw', 'loss', 'full']),
  moves: z.optional(z.int().check(z.minimum(1))),
});

/** One column's verdict. */
export type ColumnVerdict = z.infer<typeof columnVerdictSchema>;

/**
 * What the worker answers, by `type`, each naming the position (`moves`) it is about: a column
 * scored (progress, `done` of 7), every column and the best ones once all are, or why it could not.
 */
const replySchemas = {
  column: z.object({
    type: z.enum(['column']),
    moves: movesSchema,
    verdict: columnVerdictSchema,
    done: columnSchema,
  }),
  result: z.object({
    type: z.enum(['result']),
    moves: movesSchema,
    columns: z.array(columnVerdictSchema).check(z.minLength(7), z.maxLength(7)),
    best: z.array(columnSchema),
    nodes: z.number(),
  }),
  error: z.object({ type: z.enum(['error']), moves: z.string(), message: z.string() }),
};

/** A reply of the analysis worker. */
export type AnalysisReply = z.infer<(typeof replySchemas)[keyof typeof replySchemas]>;

/** A worker's message checked as a reply, or null when it is none. */
export function parseAnalysisReply(data: unknown): AnalysisReply | null {
  const type = (data as { type?: unknown } | null)?.type;
  if (type !== 'column' && type !== 'result' && type !== 'error') return null;
  const reply = replySchemas[type].safeParse(data);
  return reply.success ? reply.data : null;
}

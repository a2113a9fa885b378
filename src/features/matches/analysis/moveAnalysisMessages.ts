import * as z from 'zod/mini';

// Only zod/mini functions the first load already holds (enum, not literal; no unions), as in
// analysisMessages.ts: lazy code reaching a new zod module would grow the app chunk.

/** What the page asks the Othello and checkers analysis worker: the moves of the position. */
export const moveAnalysisRequestSchema = z.object({
  type: z.enum(['analyze']),
  game: z.enum(['othello', 'checkers']),
  moves: z.array(z.string().check(z.maxLength(40))).check(z.maxLength(400)),
});

/** A request to the worker. */
export type MoveAnalysisRequest = z.infer<typeof moveAnalysisRequestSchema>;

const stepSchema = z.object({
  depth: z.int(),
  exact: z.boolean(),
  total: z.int(),
  values: z.array(
    z.object({
      move: z.string(),
      kind: z.enum(['margin', 'proven', 'chance', 'only']),
      value: z.optional(z.number()),
    }),
  ),
  final: z.boolean(),
});

const replySchemas = {
  step: z.object({ type: z.enum(['step']), key: z.string(), step: stepSchema }),
  error: z.object({ type: z.enum(['error']), key: z.string(), message: z.string() }),
};

/** A reply of the worker, naming the position (`key`) it is about. */
export type MoveAnalysisReply = z.infer<(typeof replySchemas)[keyof typeof replySchemas]>;

/** The key of a position: its game and moves. */
export function positionKey(game: string, moves: readonly string[]): string {
  return `${game}:${moves.join(' ')}`;
}

/** A worker's message checked as a reply, or null when it is none. */
export function parseMoveAnalysisReply(data: unknown): MoveAnalysisReply | null {
  const type = (data as { type?: unknown } | null)?.type;
  if (type !== 'step' && type !== 'error') return null;
  const reply = replySchemas[type].safeParse(data);
  return reply.success ? reply.data : null;
}

import { z } from 'zod';
import { resultEventSchema } from '#core/protocol/matches.ts';
import { moveEventSchema, verdictEventSchema } from '#core/protocol/matchMoves.ts';
import type { Queryable } from '#server/db/database.ts';

/** The NOTIFY channel every match event travels on between server processes. */
export const MATCH_CHANNEL = 'gridmind_match_events';

/**
 * What one NOTIFY payload carries: a move, a result, one process's spectator count, news of a
 * bet, or a verdict on a move stored before it (a bot's, judged after its answer).
 */
export const matchNotificationSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('move'), event: moveEventSchema }),
  z.object({ kind: z.literal('verdict'), event: verdictEventSchema }),
  z.object({ kind: z.literal('result'), event: resultEventSchema }),
  z.object({
    kind: z.literal('spectators'),
    matchId: z.string(),
    processId: z.string(),
    count: z.number().int().nonnegative(),
  }),
  z.object({ kind: z.literal('pools'), matchId: z.string() }),
]);

/** @see matchNotificationSchema */
export type MatchNotification = z.infer<typeof matchNotificationSchema>;

/** Publishes a match event to every process, when (and only if) the transaction `tx` commits. */
export async function publishMatchEvent(
  tx: Queryable,
  notification: MatchNotification,
): Promise<void> {
  await tx.query('select pg_notify($1, $2)', [MATCH_CHANNEL, JSON.stringify(notification)]);
}

import { z } from 'zod';
import { resultEventSchema } from '../../core/protocol/matches.ts';
import { moveEventSchema } from '../../core/protocol/matchMoves.ts';

/** The NOTIFY channel every match event travels on between server processes. */
export const MATCH_CHANNEL = 'gridmind_match_events';

/** What one NOTIFY payload carries: a move, a result, one process's spectator count, or news of a bet. */
export const matchNotificationSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('move'), event: moveEventSchema }),
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

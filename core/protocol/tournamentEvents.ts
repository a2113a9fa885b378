// zod/mini: the tournament page reads these in the browser.
import * as z from 'zod/mini';

/** The event name of a tournament's changes (`GET /api/tournaments/:id/events`). */
export const TOURNAMENT_EVENT = 'tournament';

/**
 * The first event of a tournament's stream each time it (re)opens: the tournament as it stands,
 * standings and rounds (`GET /api/tournaments/:id`'s body, `tournamentDetailSchema`), so a page
 * coming back holds what changed while it was away without asking. `tournament` events follow.
 */
export const TOURNAMENT_STATE_EVENT = 'state';

/**
 * What changed in a tournament: its entrants (an entry or a withdrawal), a round started, a game
 * ended (standings changed), or it finished (prizes paid, places written) or was cancelled. The
 * page reads the tournament again on each: the event says when, not what.
 */
export const tournamentEventSchema = z.object({
  tournamentId: z.string(),
  kind: z.enum(['entrants', 'round', 'game', 'finished', 'cancelled']),
  round: z.optional(z.number().check(z.int(), z.positive())),
});

/** @see tournamentEventSchema */
export type TournamentEvent = z.infer<typeof tournamentEventSchema>;

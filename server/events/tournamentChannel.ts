import type { TournamentEvent } from '#core/protocol/tournamentEvents.ts';
import type { Queryable } from '#server/db/database.ts';

/** The NOTIFY channel every tournament event travels on between server processes. */
export const TOURNAMENT_CHANNEL = 'gridmind_tournament_events';

/** Publishes a tournament event to every process, when (and only if) the transaction `tx` commits. */
export async function publishTournamentEvent(tx: Queryable, event: TournamentEvent): Promise<void> {
  await tx.query('select pg_notify($1, $2)', [TOURNAMENT_CHANNEL, JSON.stringify(event)]);
}

/**
 * Publishes a `game` event for the tournament of a match that ends in `tx`, if it has one: one
 * statement, which notifies nothing for a casual match. Composed into the match end in app.ts.
 */
export async function publishTournamentGameEnd(tx: Queryable, matchId: string): Promise<void> {
  await tx.query(
    `select pg_notify($1, json_build_object(
       'tournamentId', tournament_id::text, 'kind', 'game', 'round', tournament_round)::text)
     from matches where id = $2 and tournament_id is not null`,
    [TOURNAMENT_CHANNEL, matchId],
  );
}

import { gameOf } from '#core/games/registry.ts';
import type { Queryable } from '#server/db/database.ts';
import { botSeats, tellBots } from '#server/events/botEvents.ts';
import type { TournamentGame } from './sweepContext.ts';

/**
 * Tells the bots seated in a tournament game just created of their match, in the transaction
 * that creates it, as a bot match's `match-start` does, naming the tournament and the round. The
 * match is played like any other from there: a bot that is offline, or slow, loses on time.
 */
export async function announceToBots(
  tx: Queryable,
  match: TournamentGame,
  now: Date,
  moveTimeoutMs: number,
): Promise<void> {
  const seats = await botSeats(tx, match.id);
  if (seats.length === 0) return;
  const { rows: names } = await tx.query<{ id: string; name: string }>(
    'select id, name from agents where id in ($1, $2)',
    [match.firstId, match.secondId],
  );
  const nameOf = (id: string) => names.find((row) => row.id === id)?.name ?? id;
  const rules = gameOf(match.game);
  const tournament = { id: match.tournament.id, round: match.tournament.round };
  await tellBots(tx, match.id, seats, 'match-start', (seat) => {
    const opponentId = seat.side === 'first' ? match.secondId : match.firstId;
    return {
      game: match.game,
      opponent: { id: opponentId, name: nameOf(opponentId) },
      startsAt: (match.startsAt ?? now).toISOString(),
      moveTimeoutMs,
      legalMoves: seat.side === 'first' ? rules.legalMoves(rules.initial()) : [],
      tournament,
    };
  });
}

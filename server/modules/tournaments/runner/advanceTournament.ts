import { randomUUID } from 'node:crypto';
import { isFinalRound } from '#core/tournaments/finalRound.ts';
import { tournamentState } from '#core/tournaments/tournamentState.ts';
import type { Pairing } from '#core/tournaments/types.ts';
import type { Queryable } from '#server/db/database.ts';
import { recordNotificationEvents } from '#server/db/stores/notificationEvents.ts';
import { publishTournamentEvent } from '#server/events/tournamentChannel.ts';
import { lockTournament } from '#server/modules/tournaments/entries.ts';
import { settleTournament } from '#server/modules/tournaments/settleTournament.ts';
import { refundAndCancel } from '#server/modules/tournaments/tournamentAdmin.ts';
import { formatOf } from '#server/modules/tournaments/tournamentDetail.ts';
import {
  playedGames,
  seededEntrants,
  tournamentGames,
} from '#server/modules/tournaments/tournamentGames.ts';
import type { TournamentRow } from '#server/modules/tournaments/tournamentStore.ts';
import { announceToBots } from './announceToBots.ts';
import type { SweepContext, TournamentGame } from './sweepContext.ts';

/** What one sweep did to a tournament. */
export type TournamentStep =
  | { kind: 'cancelled'; refunds: number }
  | { kind: 'settled' }
  | { kind: 'playing'; round: number; created: string[] }
  | { kind: 'idle' };

/**
 * One step of one tournament, in the caller's transaction, its row locked first so processes
 * take turns: a scheduled one past its start goes live (its seeds fixed) or, with fewer than two
 * entrants, is cancelled with every fee refunded; a live one has its rounds paired again from
 * the seeds and the recorded games, and is settled when they are all played, or has the games of
 * its current round still missing created (a game already there is left alone, whoever made it),
 * announced for the betting window and leased to this runner.
 */
export async function advanceTournament(
  tx: Queryable,
  tournamentId: string,
  context: SweepContext,
): Promise<TournamentStep> {
  const tournament = await lockTournament(tx, tournamentId);
  if (tournament.status === 'scheduled') {
    if (tournament.starts_at > context.now) return { kind: 'idle' };
    if (tournament.entrants < 2) {
      return {
        kind: 'cancelled',
        refunds: await refundAndCancel(tx, tournamentId, null, context.now),
      };
    }
    await startTournament(tx, tournament, context.now);
  } else if (tournament.status !== 'live') {
    return { kind: 'idle' };
  }
  const entrants = await seededEntrants(tx, tournamentId, tournament.game);
  const games = await tournamentGames(tx, tournamentId);
  const state = tournamentState(formatOf(tournament), entrants, playedGames(games));
  if (state.finished) {
    const finishers = state.standings.map(({ id, place }) => ({ id, place }));
    await settleTournament(tx, tournamentId, finishers, context.now);
    return { kind: 'settled' };
  }
  const round = state.rounds.at(-1)?.number ?? 1;
  const created = new Set(
    games.filter((game) => game.round === round).map((game) => gameKey(game)),
  );
  const ids: string[] = [];
  for (const pairing of state.pending) {
    if (created.has(gameKey(pairing))) continue;
    const match = newGame(tournament, round, pairing, context);
    if (!(await context.createGame(tx, match))) continue;
    await announceToBots(tx, match, context.now, context.botMoveTimeoutMs);
    ids.push(match.id);
  }
  // The round's games are there (the first of them made now): its watchers hear it started.
  if (ids.length > 0) await publishTournamentEvent(tx, { tournamentId, kind: 'round', round });
  // Its followers hear of the start with the first round and of the final when it is paired.
  const news = ids.length === 0 ? null : round === 1 ? 'tournament-started' : 'tournament-final';
  if (
    news &&
    (news === 'tournament-started' || isFinalRound(formatOf(tournament), entrants, round))
  ) {
    await recordNotificationEvents(tx, [{ kind: news, subjectId: tournamentId }], context.now);
  }
  return { kind: 'playing', round, created: ids };
}

/** The tournament goes live: entry is closed and every entrant's seed is its rating now. */
async function startTournament(tx: Queryable, tournament: TournamentRow, now: Date) {
  await tx.query(
    `update tournament_entrants e set seed_rating = coalesce(
       (select r.rating from agent_ratings r where r.agent_id = e.agent_id and r.game = $2), 1500)
     where e.tournament_id = $1`,
    [tournament.id, tournament.game],
  );
  await tx.query(`update tournaments set status = 'live', updated_at = $2 where id = $1`, [
    tournament.id,
    now,
  ]);
}

/** A game of the round as the runner's other matches are made: announced, then played. */
function newGame(
  tournament: TournamentRow,
  round: number,
  pairing: Pairing,
  context: SweepContext,
): TournamentGame {
  return {
    id: randomUUID(),
    game: tournament.game,
    firstId: pairing.first,
    secondId: pairing.second,
    seed: Math.floor(context.random() * 2 ** 31),
    owner: context.ownerId,
    startsAt:
      context.bettingWindowMs > 0
        ? new Date(context.now.getTime() + context.bettingWindowMs)
        : null,
    tournament: { id: tournament.id, round, thinkTimeMs: tournament.think_time_ms },
  };
}

function gameKey(pairing: Pairing): string {
  return `${pairing.first}\u0000${pairing.second}`;
}

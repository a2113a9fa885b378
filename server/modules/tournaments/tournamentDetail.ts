import { type TournamentDetail, tournamentDetailSchema } from '#core/protocol/tournamentViews.ts';
import { splitPrizes } from '#core/tournaments/prizes.ts';
import { tournamentRules } from '#core/tournaments/rules.ts';
import { tournamentState } from '#core/tournaments/tournamentState.ts';
import type { TournamentFormat } from '#core/tournaments/types.ts';
import { playedGames, type TournamentGameRow } from './tournamentGames.ts';
import type { EntrantRow, TournamentRow } from './tournamentStore.ts';
import { toTournamentSummary } from './tournamentStore.ts';

/** The format core/tournaments plays, from a stored row. */
export function formatOf(row: TournamentRow): TournamentFormat {
  if (row.format === 'swiss') return { kind: 'swiss', rounds: row.rounds ?? 1 };
  return { kind: row.format };
}

/**
 * What each place wins from the pool as it stands, were every place of the table filled (the
 * page states how fewer finishers or ties share it: core/tournaments/prizes.ts's rule).
 */
export function prizeTable(pool: bigint, shares: readonly number[]) {
  const places = shares.map((_, index) => ({ id: String(index + 1), place: index + 1 }));
  const prizes = splitPrizes(pool, shares, places);
  return places.map(({ id, place }) => ({ place, points: Number(prizes.get(id) ?? 0n) }));
}

/**
 * The tournament page's data: entrants, the prize table, the rules, and the standings and rounds
 * as the recorded games make them, each game of a round with its match (to watch and bet on) and
 * result. Rounds are paired once the tournament is under way: before the start the field may
 * still change.
 */
export function tournamentDetail(
  row: TournamentRow,
  entrants: EntrantRow[],
  games: readonly TournamentGameRow[],
): TournamentDetail {
  const format = formatOf(row);
  const state = tournamentState(
    format,
    entrants.map((entrant) => ({ id: entrant.agent_id, rating: entrant.seed_rating })),
    playedGames(games),
  );
  const names = new Map(entrants.map((entrant) => [entrant.agent_id, entrant.name]));
  const started = row.status === 'live' || row.status === 'finished';
  const gameOf = new Map(
    games.map((game) => [`${game.round}\u0000${game.first}\u0000${game.second}`, game]),
  );
  const rounds = state.rounds.map((round) => ({
    number: round.number,
    byes: round.byes,
    pairings: round.pairings.map(({ first, second }) => {
      const game = gameOf.get(`${round.number}\u0000${first}\u0000${second}`);
      return { first, second, matchId: game?.id ?? null, result: game?.result ?? null };
    }),
  }));
  return tournamentDetailSchema.parse({
    tournament: toTournamentSummary(row),
    entrants: entrants.map((entrant) => ({
      agentId: entrant.agent_id,
      name: entrant.name,
      kind: entrant.kind,
      ownerNickname: entrant.owner_nickname,
      rating: Math.round(entrant.rating),
      enteredAt: entrant.entered_at.toISOString(),
    })),
    prizes: prizeTable(row.fees + row.house_prize, row.prize_shares),
    rules: tournamentRules(format),
    standings: state.standings.map(({ id, ...standing }) => ({
      agentId: id,
      name: names.get(id) ?? id,
      ...standing,
    })),
    rounds: started ? rounds : [],
  });
}

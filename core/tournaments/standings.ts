import { ValidationError } from '#core/errors.ts';
import { seedOrder } from './seeding.ts';
import {
  type Entrant,
  firstMoverHalfPoints,
  type PlayedGame,
  secondMoverHalfPoints,
} from './types.ts';

/** One entrant's line in the table. Every figure is an exact integer in the unit its name says. */
export interface Standing {
  id: string;
  /** 1 for the highest rated entrant, and so on (see `seedOrder`). */
  seed: number;
  /** Shared by entrants equal on points, Buchholz and Sonneborn-Berger (1, 2, 2, 4 …). */
  place: number;
  /** Points × 2: a win 2, a draw 1, a loss 0, a bye what the format gives it. */
  halfPoints: number;
  /** Sum of the final points of every opponent met, once per game, × 2. */
  buchholzHalfPoints: number;
  /** Sonneborn-Berger × 4: beaten opponents' points in full plus drawn opponents' points halved. */
  sonnebornBergerQuarterPoints: number;
  wins: number;
  draws: number;
  losses: number;
  byes: number;
}

/** An entrant who sat a round out. */
export interface Bye {
  round: number;
  id: string;
}

/** How the table is ordered, for the tournament page to state. */
export const STANDINGS_ORDER_RULE =
  'Points (win 1, draw ½, a Swiss bye 1), then Buchholz (the sum of the final points of every ' +
  'opponent met), then Sonneborn-Berger (the points of every opponent beaten plus half those of ' +
  'every opponent drawn). A bye has no opponent, so it adds nothing to either tie-break. ' +
  'Entrants equal on all three share the place and are listed by seed (rating, then id).';

/**
 * The table as the results stand: points from the games and byes, then the tie-breaks over the
 * final (current) points of the opponents. Throws on a game or bye naming someone not entered.
 */
export function standings(
  entrants: readonly Entrant[],
  games: readonly PlayedGame[],
  byes: readonly Bye[],
  byeHalfPoints: 0 | 2,
): Standing[] {
  const seeded = seedOrder(entrants);
  const rows = new Map<string, Standing>();
  seeded.forEach((entrant, index) => {
    rows.set(entrant.id, {
      id: entrant.id,
      seed: index + 1,
      place: 0,
      halfPoints: 0,
      buchholzHalfPoints: 0,
      sonnebornBergerQuarterPoints: 0,
      wins: 0,
      draws: 0,
      losses: 0,
      byes: 0,
    });
  });
  const row = (id: string): Standing => {
    const found = rows.get(id);
    if (!found) throw new ValidationError(`${id} is not entered in this tournament`);
    return found;
  };
  const tally = (standing: Standing, halfPoints: 0 | 1 | 2) => {
    standing.halfPoints += halfPoints;
    if (halfPoints === 2) standing.wins++;
    else if (halfPoints === 1) standing.draws++;
    else standing.losses++;
  };
  for (const game of games) {
    tally(row(game.first), firstMoverHalfPoints(game.result));
    tally(row(game.second), secondMoverHalfPoints(game.result));
  }
  for (const bye of byes) {
    const standing = row(bye.id);
    standing.byes++;
    standing.halfPoints += byeHalfPoints;
  }
  // Tie-breaks read the opponents' totals, so they come after every point is counted.
  for (const game of games) {
    const first = row(game.first);
    const second = row(game.second);
    first.buchholzHalfPoints += second.halfPoints;
    second.buchholzHalfPoints += first.halfPoints;
    first.sonnebornBergerQuarterPoints += firstMoverHalfPoints(game.result) * second.halfPoints;
    second.sonnebornBergerQuarterPoints += secondMoverHalfPoints(game.result) * first.halfPoints;
  }
  const table = [...rows.values()].sort((a, b) => compareTieBreaks(a, b) || a.seed - b.seed);
  table.forEach((standing, index) => {
    const above = table[index - 1];
    standing.place = above && compareTieBreaks(above, standing) === 0 ? above.place : index + 1;
  });
  return table;
}

/** Negative when `a` stands above `b` on points and tie-breaks, 0 when they are level on all. */
function compareTieBreaks(a: Standing, b: Standing): number {
  return (
    b.halfPoints - a.halfPoints ||
    b.buchholzHalfPoints - a.buchholzHalfPoints ||
    b.sonnebornBergerQuarterPoints - a.sonnebornBergerQuarterPoints
  );
}

import type { TournamentDetail } from '../../../../core/protocol/tournamentViews.ts';

type Round = TournamentDetail['rounds'][number];
type Game = Round['pairings'][number];

/** Two entrants' meeting in one knockout round: every game they played (replays included). */
export interface BracketTie {
  /** The two entrants, the higher seed's side of the first game first. */
  entrants: [string, string];
  games: Game[];
  /** Who went through: the one still playing in a later round, or the decisive game's winner. */
  winner: string | null;
}

/** A knockout round as the bracket draws it: its ties, and who had a bye. */
export interface BracketColumn {
  round: number;
  ties: BracketTie[];
  byes: string[];
}

/**
 * The bracket's columns from the rounds' games: a round's games grouped by the pair that played
 * them (a drawn game is replayed with sides swapped, so a pair may meet twice or more), and each
 * tie's winner read from who plays on in a later round, else from the last decisive game (the
 * final has no later round). Pure: the page and its test read the same.
 */
export function bracketColumns(rounds: readonly Round[]): BracketColumn[] {
  return rounds.map((round, index) => {
    const later = new Set(
      rounds
        .slice(index + 1)
        .flatMap((next) => [
          ...next.pairings.flatMap((game) => [game.first, game.second]),
          ...next.byes,
        ]),
    );
    const ties = new Map<string, BracketTie>();
    for (const game of round.pairings) {
      const key = [game.first, game.second].sort().join('\u0000');
      const tie = ties.get(key) ?? { entrants: [game.first, game.second], games: [], winner: null };
      tie.games.push(game);
      ties.set(key, tie);
    }
    for (const tie of ties.values()) {
      const through = tie.entrants.find((id) => later.has(id));
      const decisive = tie.games.findLast(
        (game) => game.result === 'first' || game.result === 'second',
      );
      tie.winner =
        through ??
        (decisive ? (decisive.result === 'first' ? decisive.first : decisive.second) : null);
    }
    return { round: round.number, ties: [...ties.values()], byes: round.byes };
  });
}

import type { TournamentDetail } from '#core/protocol/tournamentViews.ts';

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

/** The same two entrants, whichever side each took. */
const pairKey = (game: Game) => [game.first, game.second].sort().join('\u0000');

/**
 * The bracket's columns from the rounds' games. The runner plays a stage's first games in one
 * round and the replays of its drawn ones in the next (core/tournaments/knockout.ts): a round
 * whose every game is between two entrants who met in the round before is that stage's replays,
 * and joins its column. Within a column, games are grouped by the pair that played them. A tie's
 * winner is who plays on in a later column; else (the final) the winner of its last decisive
 * game; else, with the game and its replay both drawn, the higher seed, who moved first in the
 * first game. Pure: the page and its test read the same.
 */
export function bracketColumns(rounds: readonly Round[]): BracketColumn[] {
  const stages: { round: number; games: Game[]; byes: string[] }[] = [];
  for (const round of rounds) {
    const previous = stages.at(-1);
    const met = new Set(previous?.games.map(pairKey));
    const replays =
      round.pairings.length > 0 && round.pairings.every((game) => met.has(pairKey(game)));
    if (previous && replays) previous.games.push(...round.pairings);
    else stages.push({ round: round.number, games: [...round.pairings], byes: [...round.byes] });
  }
  return stages.map((stage, index) => {
    const later = new Set(
      stages
        .slice(index + 1)
        .flatMap((next) => [
          ...next.games.flatMap((game) => [game.first, game.second]),
          ...next.byes,
        ]),
    );
    const ties = new Map<string, BracketTie>();
    for (const game of stage.games) {
      const key = pairKey(game);
      const tie = ties.get(key) ?? { entrants: [game.first, game.second], games: [], winner: null };
      tie.games.push(game);
      ties.set(key, tie);
    }
    for (const tie of ties.values()) tie.winner = winnerOf(tie, later);
    return { round: stage.round, ties: [...ties.values()], byes: stage.byes };
  });
}

function winnerOf(tie: BracketTie, later: ReadonlySet<string>): string | null {
  const through = tie.entrants.find((id) => later.has(id));
  if (through) return through;
  const decisive = tie.games.findLast(
    (game) => game.result === 'first' || game.result === 'second',
  );
  if (decisive) return decisive.result === 'first' ? decisive.first : decisive.second;
  // the game and its one replay both drawn: the higher seed, first in the first game, goes through
  const replayedOut = tie.games.length >= 2 && tie.games.every((game) => game.result === 'draw');
  return replayedOut ? tie.entrants[0] : null;
}

/**
 * A column's name by how many go into it (its ties and byes, two a tie): the Final, the
 * Semi-finals, the Quarter-finals, else the Round of 16, 32 … The round numbers the runner uses
 * count replay rounds too, which a follower of the bracket never sees.
 */
export function stageName(column: BracketColumn): string {
  const slots = column.ties.length + column.byes.length;
  if (slots <= 1) return 'Final';
  if (slots === 2) return 'Semi-finals';
  if (slots === 4) return 'Quarter-finals';
  return `Round of ${slots * 2}`;
}

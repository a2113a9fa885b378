/**
 * One tournament entrant: an opaque id (an agent's or a bot's, the formats never look inside) and
 * the rating it is seeded by.
 */
export interface Entrant {
  id: string;
  rating: number;
}

/** How one game ended, seen from the board: the first mover won, the second mover won, or a draw. */
export type GameResult = 'first' | 'second' | 'draw';

/** Two entrants meeting in one game: `first` moves first (white in chess terms). */
export interface Pairing {
  first: string;
  second: string;
}

/** One round: games played at the same time, and who sits it out. */
export interface Round {
  /** 1, 2, 3 … in the order rounds are played. */
  number: number;
  pairings: readonly Pairing[];
  /** Entrants with no game this round (how a bye scores is the format's rule). */
  byes: readonly string[];
}

/** A game that has ended, as the runner records it. */
export interface PlayedGame extends Pairing {
  round: number;
  result: GameResult;
}

/** The formats and their settings. */
export type TournamentFormat =
  | { kind: 'round-robin' }
  | { kind: 'swiss'; rounds: number }
  | { kind: 'knockout' };

/** Half-points a result gives the first mover: a win 2, a draw 1, a loss 0 (exact, no fractions). */
export function firstMoverHalfPoints(result: GameResult): 0 | 1 | 2 {
  if (result === 'first') return 2;
  return result === 'draw' ? 1 : 0;
}

/** Half-points a result gives the second mover. */
export function secondMoverHalfPoints(result: GameResult): 0 | 1 | 2 {
  return (2 - firstMoverHalfPoints(result)) as 0 | 1 | 2;
}

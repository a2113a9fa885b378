/**
 * What the watch page's "What does perfect play say here?" shows for Othello and checkers: each
 * legal move's value for the side to move, posted step by step by the game's analysis
 * (`core/games/<game>/analyzeMoves.ts`) from a worker.
 */

/**
 * One move's value: an exact final disc margin (Othello), a proven win or loss in so many of
 * the winner's moves (checkers: `value` positive for the mover's win), winning chances in whole
 * percent from a search, or the only move there is (a pass).
 */
export interface MoveValue {
  move: string;
  kind: 'margin' | 'proven' | 'chance' | 'only';
  value?: number | undefined;
}

/** Where the analysis stands: after a depth searched, or as exact values come in one by one. */
export interface MoveAnalysisStep {
  /** Plies searched (the empties, for an exact solve). */
  depth: number;
  /** Every value is exact (a solve or a proof), not a search's chances. */
  exact: boolean;
  /** Legal moves in the position: `values` may hold fewer while an exact solve goes on. */
  total: number;
  values: MoveValue[];
  /** The last step: nothing more will come. */
  final: boolean;
}

/** The moves whose value is the best there (several when tied). */
export function bestMoves(values: readonly MoveValue[]): string[] {
  const rank = (value: MoveValue) =>
    value.kind === 'proven'
      ? Math.sign(value.value ?? 0) * (1000 - Math.abs(value.value ?? 0))
      : (value.value ?? 0);
  const top = Math.max(...values.map(rank));
  return values.filter((value) => rank(value) === top).map((value) => value.move);
}

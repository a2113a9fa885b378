import type { GameId } from '#core/games/gameIds.ts';
import { gameOf } from '#core/games/registry.ts';
import { replay } from '#core/games/replay.ts';

/**
 * The cells that show how a game with these moves ended (the winning four, the winner's discs),
 * or none while it goes on, for a draw without any, or after a result no position shows (a
 * timeout). The server sends them, so no client needs a game's rules to draw the result.
 */
export function resultCellsOf(game: GameId, moves: string): number[] {
  const definition = gameOf(game);
  const outcome = definition.outcome(replay(definition, moves).state);
  return outcome.status === 'finished' ? outcome.cells : [];
}

/** How many moves an encoded move list holds. */
export function pliesOf(game: GameId, moves: string): number {
  return gameOf(game).decodeMoves(moves).length;
}

/** The encoded move list of the first `plies` moves of `moves`. */
export function movesUpTo(game: GameId, moves: string, plies: number): string {
  const definition = gameOf(game);
  return definition.encodeMoves(definition.decodeMoves(moves).slice(0, plies));
}

/** The side whose turn it is after `moves`, as the runner and bots name it. */
export function sideAt(game: GameId, moves: string): 'first' | 'second' {
  const rules = gameOf(game);
  return rules.sideToMove(replay(rules, moves).state) === 0 ? 'first' : 'second';
}

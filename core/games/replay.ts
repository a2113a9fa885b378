import { ValidationError } from '#core/errors.ts';
import type { GameDefinition } from './definition.ts';

/** A match's position, with its moves decoded. */
export interface Replayed<State> {
  state: State;
  moves: string[];
}

/**
 * Decodes a stored or received move list and plays it from the start, so every move is checked
 * by the game's rules; throws `ValidationError` at the first malformed or illegal move.
 */
export function replay<State>(game: GameDefinition<State>, encoded: string): Replayed<State> {
  const moves = game.decodeMoves(encoded);
  if (moves.length > game.maxPlies) {
    throw new ValidationError(`A ${game.name} match has at most ${game.maxPlies} moves.`);
  }
  let state = game.initial();
  for (const move of moves) state = game.play(state, move);
  return { state, moves };
}

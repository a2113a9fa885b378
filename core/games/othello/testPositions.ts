import { createRandom } from '#core/agents/random.ts';
import { initialState, legalMoves, type OthelloState, playMove } from './position.ts';

/**
 * Seeded random games for tests and benches: the moves of a game played at random until at
 * most `empties` squares are empty (or the game ends).
 */
export function randomGame(
  seed: number,
  empties: number,
): { moves: string[]; state: OthelloState } {
  const random = createRandom(seed);
  let state = initialState();
  const moves: string[] = [];
  for (let discs = 4; 64 - discs > empties; ) {
    const legal = legalMoves(state);
    if (legal.length === 0) break;
    const move = legal[Math.floor(random() * legal.length)]!;
    if (move !== 'pass') discs++;
    moves.push(move);
    state = playMove(state, move);
  }
  return { moves, state };
}

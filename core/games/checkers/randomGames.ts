import { createRandom } from '#core/agents/random.ts';
import { pathNotation } from './paths.ts';
import { type CheckersState, initialState, legalPaths, playPath } from './state.ts';

/**
 * Plays uniformly random legal moves from the start for `plies` plies at most (or to the end),
 * seeded: random positions for property tests and benches.
 */
export function randomGame(seed: number, plies = Number.POSITIVE_INFINITY) {
  const random = createRandom(seed);
  let state: CheckersState = initialState();
  const moves: string[] = [];
  while (moves.length < plies) {
    const paths = legalPaths(state);
    if (paths.length === 0) break;
    const path = paths[Math.floor(random() * paths.length)]!;
    moves.push(pathNotation(path));
    state = playPath(state, path);
  }
  return { state, moves };
}

import { COLUMN_BITS, HEIGHT, WIDTH } from './bitboard.ts';
import { Connect4Position } from './position.ts';

/**
 * A move string reaching the running position whose `key()` is `key`, or null when no game does
 * (a malformed key, or stones that could only be placed after someone had already won). Stored
 * positions (the opening book) are kept by key only; this rebuilds a playable position from one.
 */
export function movesOfKey(key: number): string | null {
  if (!Number.isSafeInteger(key) || key < 0 || key >= 2 ** (WIDTH * COLUMN_BITS)) return null;
  // key = current + mask: adding the bottom bit leaves, in each column, a marker bit above the
  // top stone and the mover's stones below it
  const owners: boolean[][] = [];
  let stones = 0;
  for (let col = 0; col < WIDTH; col++) {
    const bits = (Math.floor(key / 2 ** (col * COLUMN_BITS)) % 2 ** COLUMN_BITS) + 1;
    const height = 31 - Math.clz32(bits);
    if (height > HEIGHT) return null;
    const column: boolean[] = [];
    for (let row = 0; row < height; row++) column.push(((bits >>> row) & 1) === 1);
    owners.push(column);
    stones += height;
  }
  // owners[col][row] is true for the stones of the player to move, who moved first iff even
  const position = new Connect4Position();
  const search = (): boolean => {
    if (position.nbMoves === stones) return position.outcome().status === 'ongoing';
    const moverIsToMove = (stones - position.nbMoves) % 2 === 0;
    const heights = position.columnHeights();
    for (let col = 0; col < WIDTH; col++) {
      const row = heights[col]!;
      if (row >= owners[col]!.length || owners[col]![row] !== moverIsToMove) continue;
      if (!position.canPlay(col + 1)) continue;
      position.play(col + 1);
      if (search()) return true;
      position.undo();
    }
    return false;
  };
  return search() && position.key() === key ? position.moves : null;
}

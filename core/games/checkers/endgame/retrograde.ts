import { Board, MAX_MOVES, MOVE_INTS } from '#core/games/checkers/board.ts';
import {
  CROWN_ROW,
  DIRECTIONS,
  jumpers,
  lowestSquare,
  STEP,
} from '#core/games/checkers/squares.ts';
import { type Material, Slice } from './slice.ts';
import { EndgameTables, materialsUpTo } from './tables.ts';

// a value byte holds a distance up to this many plies
const MAX_DISTANCE = 254;

/**
 * Builds the tables of every position of up to `maxPieces` pieces by retrograde analysis, one
 * material at a time in dependency order. `onSlice` hears of each material built (progress).
 */
export function buildEndgameTables(
  maxPieces: number,
  onSlice: (material: Material, size: number) => void = () => {},
): EndgameTables {
  const tables = new EndgameTables(maxPieces);
  for (const material of materialsUpTo(maxPieces)) {
    const slice = new Slice(material);
    tables.add(slice, solveSlice(slice, tables));
    onSlice(material, slice.size);
  }
  return tables;
}

/**
 * The values of one material's positions. Moves are core's own (`Board.generate`: forced
 * captures, multi-jumps, a man's jump ending where it is crowned). A capture or a crowning leads
 * to a material already in `tables`, so its value is read there; the quiet moves stay in the
 * slice and are solved level by level: a position is settled at distance d once a move reaches a
 * loss at d - 1 (a win), or once every move reaches a win and the longest is d - 1 (a loss).
 * Each newly settled position is passed back to its predecessors by undoing quiet moves (a king
 * steps any way, a man steps backwards), which is cheaper than re-scanning the slice per level.
 * What is never settled is a draw.
 */
export function solveSlice(slice: Slice, tables: EndgameTables): Uint8Array {
  const size = slice.size;
  const total = size * 2;
  const values = new Uint8Array(total);
  // quiet moves not yet known to reach a win for the opponent
  const open = new Uint8Array(total);
  // the shortest win queued so far (distance), 0 for none
  const winAt = new Uint8Array(total);
  // the longest loss through a capture or crowning, and whether one of those draws
  const lossAt = new Uint8Array(total);
  const drawn = new Uint8Array(total);
  const levels: number[][] = [];
  const queue = (distance: number, position: number) => {
    if (distance > MAX_DISTANCE) throw new RangeError(`A distance of ${distance} plies overflows.`);
    const level = levels[distance];
    if (level) level.push(position);
    else levels[distance] = [position];
  };

  const board = new Board();
  const moves = new Int32Array(MAX_MOVES * MOVE_INTS);
  for (let index = 0; index < size; index++) {
    const p = slice.unrank(index);
    for (let side = 0 as 0 | 1; side <= 1; side++) {
      const position = side * size + index;
      board.dark = p.darkMen | p.darkKings;
      board.light = p.lightMen | p.lightKings;
      board.kings = p.darkKings | p.lightKings;
      board.side = side as 0 | 1;
      const n = board.generate(moves, 0);
      if (n === 0) {
        queue(0, position);
        continue;
      }
      let quiet = 0;
      let win = 0;
      let loss = 0;
      for (let i = 0; i < n; i++) {
        const from = moves[i * 3]!;
        const to = moves[i * 3 + 1]!;
        const captured = moves[i * 3 + 2]!;
        const crowned = (board.kings & (1 << from)) === 0 && (CROWN_ROW[side] & (1 << to)) !== 0;
        if (captured === 0 && !crowned) {
          quiet++;
          continue;
        }
        const { dark, light, kings } = board;
        board.make(from, to, captured);
        const value = tables.probe(board.dark, board.light, board.kings, board.side);
        board.dark = dark;
        board.light = light;
        board.kings = kings;
        board.side = side as 0 | 1;
        if (value < 0) throw new RangeError('A capture or crowning led to a material not built.');
        if (value === 0) drawn[position] = 1;
        else if ((value - 1) % 2 === 0) win = win === 0 ? value : Math.min(win, value);
        else loss = Math.max(loss, value);
      }
      open[position] = quiet;
      if (win > 0) {
        winAt[position] = win;
        queue(win, position);
      } else {
        lossAt[position] = loss;
        if (quiet === 0 && drawn[position] === 0) queue(loss, position);
      }
    }
  }

  for (let distance = 0; distance < levels.length; distance++) {
    const level = levels[distance];
    if (!level) continue;
    for (const position of level) {
      if (values[position] !== 0) continue;
      values[position] = distance + 1;
      const side = position >= size ? 1 : 0;
      const p = slice.unrank(position - side * size);
      forEachPredecessor(p.darkMen, p.darkKings, p.lightMen, p.lightKings, side, (placement) => {
        const before = (side ^ 1) * size + slice.rank(placement);
        if (values[before] !== 0) return;
        if (distance % 2 === 0) {
          // a move to a loss: the predecessor wins one ply later, unless it already does sooner
          const queued = winAt[before]!;
          if (queued !== 0 && queued <= distance + 1) return;
          winAt[before] = distance + 1;
          queue(distance + 1, before);
        } else {
          open[before] = open[before]! - 1;
          if (open[before] === 0 && winAt[before] === 0 && drawn[before] === 0) {
            queue(Math.max(distance + 1, lossAt[before]!), before);
          }
        }
      });
    }
    levels[distance] = [];
  }
  return values;
}

interface Placement {
  darkMen: number;
  darkKings: number;
  lightMen: number;
  lightKings: number;
}

/**
 * The positions in the same material from which the side that just moved (not `side`) reached
 * this one by a quiet move that was legal there: a king stepped back any way, a man backwards,
 * and that side had no capture (captures are forced).
 */
function forEachPredecessor(
  darkMen: number,
  darkKings: number,
  lightMen: number,
  lightKings: number,
  side: 0 | 1,
  visit: (placement: Placement) => void,
): void {
  const mover = side ^ 1;
  const occupied = darkMen | darkKings | lightMen | lightKings;
  const ownMen = mover === 0 ? darkMen : lightMen;
  const ownKings = mover === 0 ? darkKings : lightKings;
  // a man's way back: dark men came up from lower rows (directions 2, 3), light men down
  const backFirst = mover === 0 ? 2 : 0;
  for (let rest = ownMen | ownKings; rest !== 0; rest &= rest - 1) {
    const square = lowestSquare(rest);
    const bit = 1 << square;
    const king = (ownKings & bit) !== 0;
    const first = king ? 0 : backFirst;
    const last = king ? DIRECTIONS : backFirst + 2;
    for (let direction = first; direction < last; direction++) {
      const origin = STEP[square * DIRECTIONS + direction]!;
      if (origin < 0 || (occupied & (1 << origin)) !== 0) continue;
      const path = bit | (1 << origin);
      const men = king ? ownMen : ownMen ^ path;
      const kings = king ? ownKings ^ path : ownKings;
      const before =
        mover === 0
          ? { darkMen: men, darkKings: kings, lightMen, lightKings }
          : { darkMen, darkKings, lightMen: men, lightKings: kings };
      if (hasCapture(before, mover)) continue;
      visit(before);
    }
  }
}

function hasCapture(p: Placement, side: number): boolean {
  const own = side === 0 ? p.darkMen | p.darkKings : p.lightMen | p.lightKings;
  const enemy = side === 0 ? p.lightMen | p.lightKings : p.darkMen | p.darkKings;
  const kings = side === 0 ? p.darkKings : p.lightKings;
  const empty = ~(own | enemy);
  const forward = side === 0 ? 0 : 2;
  return (
    (jumpers(own & ~kings, enemy, empty, forward, forward + 2) |
      jumpers(kings, enemy, empty, 0, DIRECTIONS)) !==
    0
  );
}

import { flips, mobility, out, popcount32 } from './bitboard.ts';
import { type OthelloState, playSquare } from './position.ts';

/** Who holds each square, seen from one side: 1 its disc, -1 the other's, 0 empty. */
type Grid = Int8Array;

const CORNERS = [0, 7, 56, 63];
/** Each corner's diagonal neighbour (the X-square) and its two edge neighbours (C-squares). */
const X_SQUARES = new Map([
  [9, 0],
  [14, 7],
  [49, 56],
  [54, 63],
]);
const C_SQUARES = new Map([
  [1, 0],
  [8, 0],
  [6, 7],
  [15, 7],
  [48, 56],
  [57, 56],
  [55, 63],
  [62, 63],
]);
/** The four lines through a square, each as its two opposite steps (file, rank). */
const AXES = [
  [1, 0],
  [0, 1],
  [1, 1],
  [1, -1],
] as const;
const NEIGHBOURS = [-1, 0, 1].flatMap((df) => [-1, 0, 1].map((dr) => [df, dr] as const));

/** What a disc move does to the board, for the reason a watcher reads. */
export interface OthelloMoveFacts {
  flipped: number;
  corner: boolean;
  /** Diagonal or edge neighbour of a corner that is still empty: the squares that give corners. */
  xSquare: boolean;
  cSquare: boolean;
  edge: boolean;
  /** The opponent's moves in the position after, and had it been their turn before. */
  opponentMovesBefore: number;
  opponentMovesAfter: number;
  /** The opponent has no move after it and must pass (the game goes on). */
  opponentMustPass: boolean;
  /** The opponent has no disc left. */
  wipeout: boolean;
  /** The mover's discs that can never be flipped again, after less before. */
  stableGained: number;
  /** Empty squares before the move, and whether the move's region of empties held an odd count. */
  empties: number;
  oddRegion: boolean;
  /** The mover's discs next to an empty square, after less before: its exposure. */
  frontierChange: number;
}

/** The facts of the side to move of `state` playing the empty, legal `square`. */
export function othelloMoveFacts(state: OthelloState, square: number): OthelloMoveFacts {
  flips(square, state.pLo, state.pHi, state.oLo, state.oHi);
  const flipped = popcount32(out.lo) + popcount32(out.hi);
  const after = playSquare(state, square);
  const before = gridOf(state.pLo, state.pHi, state.oLo, state.oHi);
  // after the move the mover's discs are the `o` of the new state
  const moverAfter = gridOf(after.oLo, after.oHi, after.pLo, after.pHi);
  const corner = CORNERS.find((c) => c === (X_SQUARES.get(square) ?? C_SQUARES.get(square)));
  const file = square & 7;
  const rank = square >> 3;
  const opponentMovesAfter = moveCount(after.pLo, after.pHi, after.oLo, after.oHi);
  return {
    flipped,
    corner: CORNERS.includes(square),
    xSquare: X_SQUARES.has(square) && corner !== undefined && before[corner] === 0,
    cSquare: C_SQUARES.has(square) && corner !== undefined && before[corner] === 0,
    edge: file === 0 || file === 7 || rank === 0 || rank === 7,
    opponentMovesBefore: moveCount(state.oLo, state.oHi, state.pLo, state.pHi),
    opponentMovesAfter,
    opponentMustPass:
      opponentMovesAfter === 0 && moveCount(after.oLo, after.oHi, after.pLo, after.pHi) > 0,
    wipeout: after.pLo === 0 && after.pHi === 0,
    stableGained: stableCount(moverAfter) - stableCount(before),
    empties: before.reduce((sum, cell) => sum + (cell === 0 ? 1 : 0), 0),
    oddRegion: regionSize(before, square) % 2 === 1,
    frontierChange: frontierCount(moverAfter) - frontierCount(before),
  };
}

function moveCount(pLo: number, pHi: number, oLo: number, oHi: number): number {
  mobility(pLo, pHi, oLo, oHi);
  return popcount32(out.lo) + popcount32(out.hi);
}

function gridOf(pLo: number, pHi: number, oLo: number, oHi: number): Grid {
  const grid = new Int8Array(64);
  for (let s = 0; s < 32; s++) {
    grid[s] = (pLo >>> s) & 1 ? 1 : (oLo >>> s) & 1 ? -1 : 0;
    grid[s + 32] = (pHi >>> s) & 1 ? 1 : (oHi >>> s) & 1 ? -1 : 0;
  }
  return grid;
}

function at(file: number, rank: number): number {
  return file < 0 || file > 7 || rank < 0 || rank > 7 ? -1 : rank * 8 + file;
}

/**
 * The side's stable discs, conservatively: a disc is stable when along each of its four lines
 * the line is full, or a neighbour on it is the board's edge or a stable disc of the same side.
 * Grown from the corners until nothing changes; it never counts a disc that can be flipped.
 */
export function stableCount(grid: Grid): number {
  const full = AXES.map(([df, dr]) => {
    const line = new Uint8Array(64);
    for (let s = 0; s < 64; s++) {
      let filled = true;
      for (const sign of [1, -1]) {
        for (let f = (s & 7) + sign * df, r = (s >> 3) + sign * dr; at(f, r) >= 0; ) {
          if (grid[at(f, r)] === 0) filled = false;
          f += sign * df;
          r += sign * dr;
        }
      }
      line[s] = filled ? 1 : 0;
    }
    return line;
  });
  const stable = new Uint8Array(64);
  for (let changed = true; changed; ) {
    changed = false;
    for (let s = 0; s < 64; s++) {
      if (grid[s] !== 1 || stable[s]) continue;
      const held = AXES.every(([df, dr], axis) => {
        if (full[axis]![s]) return true;
        return [1, -1].some((sign) => {
          const n = at((s & 7) + sign * df, (s >> 3) + sign * dr);
          return n < 0 || (grid[n] === 1 && stable[n] === 1);
        });
      });
      if (held) {
        stable[s] = 1;
        changed = true;
      }
    }
  }
  return stable.reduce((sum, cell) => sum + cell, 0);
}

/** Empty squares connected to `square` (itself included), neighbours in all eight directions. */
function regionSize(grid: Grid, square: number): number {
  const seen = new Uint8Array(64);
  const stack = [square];
  seen[square] = 1;
  let size = 0;
  while (stack.length > 0) {
    const s = stack.pop()!;
    size++;
    for (const [df, dr] of NEIGHBOURS) {
      const n = at((s & 7) + df, (s >> 3) + dr);
      if (n >= 0 && !seen[n] && grid[n] === 0) {
        seen[n] = 1;
        stack.push(n);
      }
    }
  }
  return size;
}

function frontierCount(grid: Grid): number {
  let count = 0;
  for (let s = 0; s < 64; s++) {
    if (grid[s] !== 1) continue;
    const exposed = NEIGHBOURS.some(([df, dr]) => {
      const n = at((s & 7) + df, (s >> 3) + dr);
      return n >= 0 && n !== s && grid[n] === 0;
    });
    if (exposed) count++;
  }
  return count;
}

import type { Board } from './board.ts';
import { lowestSquare, popcount32, rowOf } from './squares.ts';

/** Evaluation weights; a man is 100. Styles shift them (see `styleWeights`). */
export interface EvalWeights {
  king: number;
  /** Per man still on its own back rank (it stops the other side from crowning). */
  backRank: number;
  /** Per piece on the eight central squares. */
  centre: number;
  /** Per row a man has advanced. */
  advance: number;
  /** Per simple move available (mobility). */
  mobility: number;
}

/** Weights of the balanced style. */
export const BALANCED: EvalWeights = { king: 150, backRank: 8, centre: 6, advance: 2, mobility: 2 };

// rows 2–5, columns 2–5: squares 10, 11, 14, 15, 18, 19, 22, 23
const CENTRE =
  (1 << 9) | (1 << 10) | (1 << 13) | (1 << 14) | (1 << 17) | (1 << 18) | (1 << 21) | (1 << 22);
const BACK_RANK = [0x0000000f, 0xf0000000 | 0] as const;

/**
 * Static score of a quiet position for the side to move, in hundredths of a man: material
 * (kings worth more), back rank, centre, advancement and mobility. When one side is ahead, the
 * lead is worth more as pieces come off (it pays to trade when ahead), and in the endgame its
 * kings are drawn towards the enemy pieces so the search finds the way to corner them.
 */
export function evaluate(board: Board, weights: EvalWeights): number {
  const score = sideScore(board, 0, weights) - sideScore(board, 1, weights);
  const darkMaterial = material(board.dark, board.kings, weights);
  const lightMaterial = material(board.light, board.kings, weights);
  const lead = darkMaterial - lightMaterial;
  const pieces = popcount32(board.dark | board.light);
  let total = score + Math.trunc((lead * 8) / pieces);
  if (pieces <= 10 && lead !== 0) {
    const strong = lead > 0 ? board.dark : board.light;
    const weak = lead > 0 ? board.light : board.dark;
    const chase = 20 - kingDistance(strong & board.kings, weak);
    total += lead > 0 ? chase : -chase;
  }
  return board.side === 0 ? total : -total;
}

function material(pieces: number, kings: number, weights: EvalWeights): number {
  return 100 * popcount32(pieces & ~kings) + weights.king * popcount32(pieces & kings);
}

function sideScore(board: Board, side: 0 | 1, weights: EvalWeights): number {
  const own = side === 0 ? board.dark : board.light;
  const men = own & ~board.kings;
  let score = material(own, board.kings, weights);
  score += weights.backRank * popcount32(men & BACK_RANK[side]);
  score += weights.centre * popcount32(own & CENTRE);
  for (let rest = men; rest !== 0; rest &= rest - 1) {
    const row = rowOf(lowestSquare(rest));
    score += weights.advance * (side === 0 ? row : 7 - row);
  }
  score += weights.mobility * mobility(board, side);
  return score;
}

// simple moves of a side's pieces, counted with shifts (a step is 3, 4 or 5 squares by row)
function mobility(board: Board, side: 0 | 1): number {
  const own = side === 0 ? board.dark : board.light;
  const empty = ~(board.dark | board.light);
  const kings = own & board.kings;
  const down = side === 0 ? own : kings;
  const up = side === 1 ? own : kings;
  return (
    popcount32(down & (empty >>> 4)) +
    popcount32(down & DOWN_3 & (empty >>> 3)) +
    popcount32(down & DOWN_5 & (empty >>> 5)) +
    popcount32(up & (empty << 4)) +
    popcount32(up & UP_3 & (empty << 3)) +
    popcount32(up & UP_5 & (empty << 5))
  );
}

// odd rows but the first column step down-left by 3; even rows but the last step down-right by 5
const DOWN_3 = 0x00e0e0e0;
const DOWN_5 = 0x07070707;
const UP_3 = DOWN_3 << 3;
const UP_5 = DOWN_5 << 5;

// Sum over the strong side's kings of the distance (in rows/columns) to the nearest weak piece.
function kingDistance(kings: number, weak: number): number {
  let total = 0;
  for (let rest = kings; rest !== 0; rest &= rest - 1) {
    const king = lowestSquare(rest);
    let nearest = 7;
    for (let others = weak; others !== 0; others &= others - 1) {
      const other = lowestSquare(others);
      const distance = Math.max(Math.abs(rowOf(king) - rowOf(other)), columnDistance(king, other));
      if (distance < nearest) nearest = distance;
    }
    total += nearest;
  }
  return total;
}

function columnDistance(a: number, b: number): number {
  const column = (square: number) => (square & 3) * 2 + (rowOf(square) % 2 === 0 ? 1 : 0);
  return Math.abs(column(a) - column(b));
}

import { popcount32 } from '#core/games/checkers/squares.ts';
import { MATERIAL_KEYS, type Material, materialKey, type Slice } from './slice.ts';

/**
 * Endgame values, one byte per position: 0 for a draw, else the distance to the end of the game
 * in plies plus one. The side to move wins when that distance is odd (it makes the last move)
 * and loses when it is even (0: it has no move now). Distances ignore the forty-move rule and
 * repetitions, as endgame databases do; a win the database gives is never a repetition.
 */
export type EndgameValue = number;

/** Whether a value is a win for the side to move. */
export function isWin(value: EndgameValue): boolean {
  return value !== 0 && (value - 1) % 2 === 1;
}

/** Plies to the end of the game of a win or a loss (undefined meaning for a draw). */
export function distanceOf(value: EndgameValue): number {
  return value - 1;
}

/**
 * Every material with `pieces` pieces, in the order the tables are built: fewer men first, since
 * a man crowned turns one material into another with one man fewer (captures lead to fewer pieces).
 */
export function materialsOf(pieces: number): Material[] {
  const materials: Material[] = [];
  for (let men = 0; men <= pieces; men++) {
    for (let darkMen = 0; darkMen <= men; darkMen++) {
      const lightMen = men - darkMen;
      for (let darkKings = 0; darkKings <= pieces - men; darkKings++) {
        materials.push({ darkMen, darkKings, lightMen, lightKings: pieces - men - darkKings });
      }
    }
  }
  return materials;
}

/** Every material of 1..`maxPieces` pieces, in build order. */
export function materialsUpTo(maxPieces: number): Material[] {
  const all: Material[] = [];
  for (let pieces = 1; pieces <= maxPieces; pieces++) all.push(...materialsOf(pieces));
  return all;
}

/**
 * The values of every position of up to `maxPieces` pieces, by material: slice `s`'s position
 * with placement index `i` and side to move `side` is at `values[side * s.size + i]`.
 */
export class EndgameTables {
  private readonly slices: (Slice | undefined)[] = new Array(MATERIAL_KEYS);
  private readonly values: (Uint8Array | undefined)[] = new Array(MATERIAL_KEYS);

  constructor(readonly maxPieces: number) {}

  /** Adds one material's values (the builder, or a file read back). */
  add(slice: Slice, values: Uint8Array): void {
    if (values.length !== slice.size * 2) {
      throw new RangeError(`A slice of ${slice.size} placements needs ${slice.size * 2} values.`);
    }
    const key = materialKey(slice.material);
    this.slices[key] = slice;
    this.values[key] = values;
  }

  /** The slice and values of a material, when the tables hold it. */
  sliceOf(material: Material): { slice: Slice; values: Uint8Array } | null {
    const key = materialKey(material);
    const slice = this.slices[key];
    const values = this.values[key];
    return slice && values ? { slice, values } : null;
  }

  /**
   * The value of a position (bit boards as `Board` holds them), or -1 when the tables do not
   * hold it (too many pieces, or a material not built yet).
   */
  probe(dark: number, light: number, kings: number, side: 0 | 1): EndgameValue {
    const darkKings = dark & kings;
    const lightKings = light & kings;
    const darkMen = dark & ~kings;
    const lightMen = light & ~kings;
    const dm = popcount32(darkMen);
    const dk = popcount32(darkKings);
    const lm = popcount32(lightMen);
    const lk = popcount32(lightKings);
    if (dm + dk + lm + lk > this.maxPieces) return -1;
    const key = ((dm * 6 + dk) * 6 + lm) * 6 + lk;
    const slice = this.slices[key];
    const values = this.values[key];
    if (!slice || !values) return -1;
    const index = slice.rank({ darkMen, darkKings, lightMen, lightKings });
    return values[side * slice.size + index]!;
  }
}

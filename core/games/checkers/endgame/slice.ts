import { popcount32 } from '#core/games/checkers/squares.ts';

/**
 * Perfect indexing of checkers positions by material: a slice holds every placement of a given
 * number of dark men, dark kings, light men and light kings (men never stand on their own crown
 * row: a man there is a king), either side to move. Men are ranked first, then dark kings on the
 * squares the men leave, then light kings on what remains, each as a combination (colex rank), so
 * a slice's indexes run 0..size-1 with no gaps and no duplicates.
 *
 * Dark men stand on squares 0–27 (bits), light men on 4–31; the two ranges overlap on 4–27, so the
 * men's part is split by how many dark men stand there (`overlap`): with `k` of them, the light
 * men have 28 - k squares left, and each `k` gets its own block of indexes.
 */

// BINOMIAL[n * 33 + k] = n choose k, for n, k ≤ 32
const BINOMIAL = new Float64Array(33 * 33);
for (let n = 0; n <= 32; n++) {
  BINOMIAL[n * 33] = 1;
  for (let k = 1; k <= n; k++) {
    BINOMIAL[n * 33 + k] = BINOMIAL[(n - 1) * 33 + k - 1]! + BINOMIAL[(n - 1) * 33 + k]!;
  }
}

/** n choose k (0 when k > n). */
export function choose(n: number, k: number): number {
  return k < 0 || k > n ? 0 : BINOMIAL[n * 33 + k]!;
}

/** Material of a slice: counts of dark men, dark kings, light men, light kings. */
export interface Material {
  darkMen: number;
  darkKings: number;
  lightMen: number;
  lightKings: number;
}

/** A key for a material (each count 0..5): small enough to index an array of slices. */
export function materialKey(m: Material): number {
  return ((m.darkMen * 6 + m.darkKings) * 6 + m.lightMen) * 6 + m.lightKings;
}

/** Keys run below this. */
export const MATERIAL_KEYS = 6 ** 4;

/** Squares 0–3 (dark's back row), where only dark men may stand of the men. */
const DARK_ONLY = 0x0000000f;
/** Squares 4–27, where men of both sides may stand. */
const SHARED = 0x0ffffff0;

/** A placement of pieces as bits: men and kings of each side. */
export interface Placement {
  darkMen: number;
  darkKings: number;
  lightMen: number;
  lightKings: number;
}

/**
 * The ranking of one material's placements. `size` counts placements (one side to move); the
 * side to move doubles it in the tables.
 */
export class Slice {
  readonly size: number;
  // first index of each overlap block of the men's part, and the men's part's size
  private readonly overlapStart: number[] = [];
  private readonly darkKingPlaces: number;
  private readonly lightKingPlaces: number;

  constructor(readonly material: Material) {
    const { darkMen, darkKings, lightMen, lightKings } = material;
    let men = 0;
    for (let k = 0; k <= darkMen; k++) {
      this.overlapStart.push(men);
      men += choose(4, darkMen - k) * choose(24, k) * choose(28 - k, lightMen);
    }
    const free = 32 - darkMen - lightMen;
    this.darkKingPlaces = choose(free, darkKings);
    this.lightKingPlaces = choose(free - darkKings, lightKings);
    this.size = men * this.darkKingPlaces * this.lightKingPlaces;
  }

  /** Index 0..size-1 of a placement of this slice's material. */
  rank(p: Placement): number {
    const inShared = p.darkMen & SHARED;
    const k = popcount32(inShared);
    const backRank = combinationRank(p.darkMen & DARK_ONLY);
    const sharedRank = combinationRank(inShared >>> 4);
    const lightRank = combinationRank(compress(p.lightMen >>> 4, inShared >>> 4));
    const lightPlaces = choose(28 - k, this.material.lightMen);
    const men =
      this.overlapStart[k]! + (backRank * choose(24, k) + sharedRank) * lightPlaces + lightRank;
    const men2 = p.darkMen | p.lightMen;
    const darkKings = combinationRank(compress(p.darkKings, men2));
    const lightKings = combinationRank(compress(p.lightKings, men2 | p.darkKings));
    return (men * this.darkKingPlaces + darkKings) * this.lightKingPlaces + lightKings;
  }

  /** The placement at an index (the inverse of `rank`). */
  unrank(index: number): Placement {
    const { darkMen, darkKings, lightMen, lightKings } = this.material;
    const lightKingRank = index % this.lightKingPlaces;
    let rest = (index - lightKingRank) / this.lightKingPlaces;
    const darkKingRank = rest % this.darkKingPlaces;
    const men = (rest - darkKingRank) / this.darkKingPlaces;
    let k = darkMen;
    while (this.overlapStart[k]! > men) k--;
    const lightPlaces = choose(28 - k, lightMen);
    rest = men - this.overlapStart[k]!;
    const lightRank = rest % lightPlaces;
    rest = (rest - lightRank) / lightPlaces;
    const sharedRank = rest % choose(24, k);
    const backRank = (rest - sharedRank) / choose(24, k);
    const inShared = combinationUnrank(sharedRank, k) << 4;
    const dark = combinationUnrank(backRank, darkMen - k) | inShared;
    const light = expand(combinationUnrank(lightRank, lightMen), inShared >>> 4) << 4;
    const allMen = dark | light;
    const darkKingBits = expand(combinationUnrank(darkKingRank, darkKings), allMen);
    const lightKingBits = expand(
      combinationUnrank(lightKingRank, lightKings),
      allMen | darkKingBits,
    );
    return { darkMen: dark, darkKings: darkKingBits, lightMen: light, lightKings: lightKingBits };
  }
}

// colex rank of a set of bits: the sum of (position choose i) over its bits, i from 1
function combinationRank(bits: number): number {
  let rank = 0;
  let i = 1;
  for (let rest = bits; rest !== 0; rest &= rest - 1) {
    rank += choose(31 - Math.clz32(rest & -rest), i);
    i++;
  }
  return rank;
}

// the set of `count` bits with this colex rank
function combinationUnrank(rank: number, count: number): number {
  let bits = 0;
  let rest = rank;
  for (let i = count; i > 0; i--) {
    let position = i - 1;
    while (choose(position + 1, i) <= rest) position++;
    rest -= choose(position, i);
    bits |= 1 << position;
  }
  return bits;
}

// `bits` renumbered over the squares `taken` leaves free (each bit moves down past the taken
// squares below it); `taken` and `bits` never share a square
function compress(bits: number, taken: number): number {
  let out = 0;
  for (let rest = bits; rest !== 0; rest &= rest - 1) {
    const square = 31 - Math.clz32(rest & -rest);
    const below = square === 0 ? 0 : taken & (0xffffffff >>> (32 - square));
    out |= 1 << (square - popcount32(below));
  }
  return out;
}

// the inverse of `compress`: free slot i becomes the i-th square `taken` leaves free
function expand(bits: number, taken: number): number {
  let out = 0;
  let slot = 0;
  let square = 0;
  for (let rest = bits; rest !== 0; rest &= rest - 1) {
    const target = 31 - Math.clz32(rest & -rest);
    while (true) {
      if ((taken & (1 << square)) === 0) {
        if (slot === target) break;
        slot++;
      }
      square++;
    }
    out |= 1 << square;
    slot++;
    square++;
  }
  return out;
}

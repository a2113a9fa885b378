import { createRandom } from '#core/agents/random.ts';

/**
 * Zobrist keys, two 32-bit words per (piece kind, square): `ZOBRIST_INDEX` picks a
 * transposition-table slot and `ZOBRIST_LOCK` confirms the position, so a 32-bit collision in
 * one word alone never mixes positions up. Kinds: 0 dark man, 1 dark king, 2 light man,
 * 3 light king; index `kind * 32 + square`. Seeded: keys are the same in every process.
 */
export const ZOBRIST_INDEX = new Int32Array(4 * 32);
/** Second key word, see `ZOBRIST_INDEX`. */
export const ZOBRIST_LOCK = new Int32Array(4 * 32);
/** Keys XORed in when light is to move. */
export const SIDE_INDEX = 0x2545f491 | 0;
/** Lock word of the side to move. */
export const SIDE_LOCK = 0x6b2fb644 | 0;

const random = createRandom(0x5eed_c4ec);
for (let i = 0; i < ZOBRIST_INDEX.length; i++) {
  ZOBRIST_INDEX[i] = (random() * 4294967296) | 0;
  ZOBRIST_LOCK[i] = (random() * 4294967296) | 0;
}

import fc from 'fast-check';
import type { Entrant, GameResult } from './types.ts';

/** A field of `min`…`max` entrants with ids e0, e1 … and ratings that often tie. */
export function entrantsArbitrary(min: number, max: number): fc.Arbitrary<Entrant[]> {
  return fc
    .array(fc.integer({ min: 1400, max: 1410 }), { minLength: min, maxLength: max })
    .map((ratings) => ratings.map((rating, index) => ({ id: `e${index}`, rating })));
}

/** A deterministic way of deciding each game (the same pairing in the same round, the same result). */
export const decideArbitrary = fc.func(fc.constantFrom<GameResult>('first', 'second', 'draw'));

import { describe, expect, it } from 'vitest';
import { popcount32 } from '#core/games/checkers/squares.ts';
import { Slice } from './slice.ts';
import { materialsOf } from './tables.ts';

// Board configurations of n pieces, side to move aside (men never on their own crown row):
// the published counts the tables' indexing must match.
const PUBLISHED = [120, 6_972, 261_224];

describe('endgame slices', () => {
  it.each(PUBLISHED.map((count, i) => [i + 1, count] as const))(
    'index every configuration of %i pieces once: %i in all',
    (pieces, count) => {
      const sizes = materialsOf(pieces).map((material) => new Slice(material).size);
      expect(sizes.reduce((a, b) => a + b, 0)).toBe(count);
    },
  );

  it('unrank gives a legal placement of the material that ranks back to its index', () => {
    const wrong: string[] = [];
    for (const material of materialsOf(3)) {
      const slice = new Slice(material);
      const counts = [material.darkMen, material.darkKings, material.lightMen, material.lightKings];
      const seen = new Set<string>();
      for (let index = 0; index < slice.size; index++) {
        const p = slice.unrank(index);
        const all = [p.darkMen, p.darkKings, p.lightMen, p.lightKings];
        const overlap = (p.darkMen | p.darkKings) & (p.lightMen | p.lightKings);
        const menOnCrownRow = (p.darkMen & 0xf0000000) | (p.lightMen & 0x0000000f);
        seen.add(all.join());
        if (
          all.some((part, i) => popcount32(part) !== counts[i]) ||
          overlap !== 0 ||
          (p.darkMen & p.darkKings) !== 0 ||
          (p.lightMen & p.lightKings) !== 0 ||
          menOnCrownRow !== 0 ||
          slice.rank(p) !== index
        ) {
          wrong.push(`${counts.join('')} #${index}`);
        }
      }
      if (seen.size !== slice.size) wrong.push(`${counts.join('')}: ${seen.size} distinct`);
    }
    expect(wrong).toEqual([]);
  });
});

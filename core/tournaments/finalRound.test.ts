import { describe, expect, it } from 'vitest';
import { isFinalRound } from './finalRound.ts';

const field = (size: number) =>
  Array.from({ length: size }, (_, index) => ({ id: `a${index}`, rating: 1500 }));

describe('isFinalRound', () => {
  it("is a knockout's last stage, byes included", () => {
    expect(isFinalRound({ kind: 'knockout' }, field(8), 3)).toBe(true);
    expect(isFinalRound({ kind: 'knockout' }, field(8), 2)).toBe(false);
    expect(isFinalRound({ kind: 'knockout' }, field(5), 3)).toBe(true);
    expect(isFinalRound({ kind: 'knockout' }, field(2), 1)).toBe(true);
  });

  it("is a Swiss's last round and a double round-robin's", () => {
    expect(isFinalRound({ kind: 'swiss', rounds: 4 }, field(10), 4)).toBe(true);
    expect(isFinalRound({ kind: 'swiss', rounds: 4 }, field(10), 3)).toBe(false);
    // A round robin is played twice, sides swapped: four entrants meet over six rounds.
    expect(isFinalRound({ kind: 'round-robin' }, field(4), 6)).toBe(true);
    expect(isFinalRound({ kind: 'round-robin' }, field(4), 3)).toBe(false);
  });
});

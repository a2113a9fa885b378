import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasAlignment, LOW_BITS, winningCells, winningHi } from './bitboard.ts';
import { Connect4Position } from './position.ts';

// Pons' formulas on one 64-bit BigInt: slow, but with no word split to get wrong.
const BOARD = 0b0111111_0111111_0111111_0111111_0111111_0111111_0111111n;

function wide(lo: number, hi: number): bigint {
  return (BigInt(hi >>> 0) << BigInt(LOW_BITS)) | BigInt(lo >>> 0);
}

function referenceWinningCells(p: bigint, mask: bigint): bigint {
  let r = (p << 1n) & (p << 2n) & (p << 3n);
  for (const d of [7n, 6n, 8n]) {
    let a = (p << d) & (p << (2n * d));
    r |= a & (p << (3n * d));
    r |= a & (p >> d);
    a = (p >> d) & (p >> (2n * d));
    r |= a & (p << d);
    r |= a & (p >> (3n * d));
  }
  return r & (BOARD ^ mask);
}

function referenceAlignment(p: bigint): boolean {
  for (const d of [1n, 6n, 7n, 8n]) {
    const m = p & (p >> d);
    if ((m & (m >> (2n * d))) !== 0n) return true;
  }
  return false;
}

const positions = fc.array(fc.integer({ min: 1, max: 7 }), { maxLength: 42 }).map((columns) => {
  const position = new Connect4Position();
  for (const column of columns) if (position.canPlay(column)) position.play(column);
  return position;
});

describe('bitboard', () => {
  it('winningCells on the two words equals the 64-bit formula, for both players', () => {
    fc.assert(
      fc.property(positions, (position) => {
        const mask = wide(position.maskLo, position.maskHi);
        for (const [lo, hi] of [
          [position.currentLo, position.currentHi],
          [position.currentLo ^ position.maskLo, position.currentHi ^ position.maskHi],
        ] as const) {
          const low = winningCells(lo, hi, position.maskLo, position.maskHi);
          expect(wide(low, winningHi)).toBe(referenceWinningCells(wide(lo, hi), mask));
        }
      }),
      { numRuns: 500, seed: 3 },
    );
  });

  it('hasAlignment equals the 64-bit test, and the key is current + mask', () => {
    fc.assert(
      fc.property(positions, (position) => {
        const lastMover = wide(
          position.currentLo ^ position.maskLo,
          position.currentHi ^ position.maskHi,
        );
        expect(position.lastMoverHasWon()).toBe(referenceAlignment(lastMover));
        expect(hasAlignment(position.currentLo, position.currentHi)).toBe(
          referenceAlignment(wide(position.currentLo, position.currentHi)),
        );
        const key =
          wide(position.currentLo, position.currentHi) + wide(position.maskLo, position.maskHi);
        expect(BigInt(position.key())).toBe(key);
      }),
      { numRuns: 500, seed: 4 },
    );
  });
});

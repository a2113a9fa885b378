import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ValidationError } from '#core/errors.ts';
import { decodeMoves, encodeMoves, PASS, squareIndex, squareName } from './squares.ts';

const move = fc.oneof(fc.integer({ min: 0, max: 63 }).map(squareName), fc.constant(PASS));

describe('othello notation', () => {
  it('names a1 as 0, h1 as 7, a2 as 8 and h8 as 63', () => {
    expect([squareIndex('a1'), squareIndex('h1'), squareIndex('a2'), squareIndex('h8')]).toEqual([
      0, 7, 8, 63,
    ]);
    expect(squareName(35)).toBe('d5');
    expect(squareIndex('i1')).toBe(-1);
  });

  it('round-trips any move list through the two-characters-a-move encoding', () => {
    fc.assert(
      fc.property(fc.array(move, { maxLength: 120 }), (moves) => {
        const encoded = encodeMoves(moves);
        expect(encoded).toHaveLength(moves.length * 2);
        expect(decodeMoves(encoded)).toEqual(moves);
      }),
    );
  });

  it('refuses malformed text', () => {
    for (const bad of ['d', 'd3c', 'z9', 'pass', 'a0', 'A1', 'd3 c4']) {
      expect(() => decodeMoves(bad), bad).toThrow(ValidationError);
    }
  });
});

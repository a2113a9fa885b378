import { describe, expect, it } from 'vitest';
import { Connect4Position } from '../position.ts';
import { moveReason } from './moveReason.ts';

const details = { exactScore: null, blunder: false, style: 'balanced' } as const;

describe('moveReason', () => {
  it("says what the win/draw/loss book knows of the move's value", () => {
    const empty = new Connect4Position();
    expect(moveReason(empty, 4, { ...details, bookValue: 1 })).toBe(
      "plays column 4: the opening book's winning line",
    );
    expect(moveReason(Connect4Position.fromMoves('4'), 4, { ...details, bookValue: -1 })).toBe(
      'delays the loss with column 4',
    );
    expect(moveReason(Connect4Position.fromMoves('41'), 3, { ...details, bookValue: 0 })).toBe(
      'holds the draw with column 3',
    );
    expect(moveReason(empty, 4, details)).toBe('takes the centre');
  });

  it('puts a win at once and a forced block before the book', () => {
    expect(moveReason(Connect4Position.fromMoves('445566'), 3, { ...details, bookValue: 1 })).toBe(
      'wins on column 3',
    );
    expect(moveReason(Connect4Position.fromMoves('44556'), 3, { ...details, bookValue: -1 })).toBe(
      'blocks the open three on column 3',
    );
  });
});

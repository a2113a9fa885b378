import { describe, expect, it } from 'vitest';
import { othelloSquares, othelloSquareText } from './othelloSquares.ts';

const names = ['Ada', 'Bo'] as const;

describe('othello board squares', () => {
  it('draws the start with black on d5 and e4', () => {
    const squares = othelloSquares('');
    expect(othelloSquareText(squares, 35, names)).toBe("d5: Ada's black disc");
    expect(othelloSquareText(squares, 27, names)).toBe("d4: Bo's white disc");
    expect(othelloSquareText(squares, 0, names)).toBe('a1: empty');
    expect(squares.last).toBe(-1);
  });

  it('marks the last move and the discs it turned', () => {
    const squares = othelloSquares('d3');
    expect(squares.last).toBe(19);
    expect([...squares.flipped]).toEqual([27]);
    expect(othelloSquareText(squares, 19, names)).toBe("d3: Ada's black disc, last move");
    expect(othelloSquareText(squares, 27, names)).toBe("d4: Ada's black disc, just turned");
  });

  it('shows the first `count` moves, and a malformed list as the start', () => {
    expect(othelloSquares('d3c3', 1).last).toBe(19);
    expect(othelloSquares('zz').discs.filter((disc) => disc !== null)).toHaveLength(4);
  });
});

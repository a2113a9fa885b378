import { describe, expect, it } from 'vitest';
import { Connect4Position } from '#core/games/connect4/position.ts';
import { moveReason } from './moveReason.ts';

const details = { exactScore: null, blunder: false, style: 'balanced' } as const;
const reasonOf = (moves: string, column: number, more: Partial<typeof details> = {}) =>
  moveReason(Connect4Position.fromMoves(moves), column, { ...details, ...more });

describe('moveReason', () => {
  it("adds what the win/draw/loss book knows of the move's value", () => {
    const empty = new Connect4Position();
    expect(moveReason(empty, 4, { ...details, bookValue: 1 })).toBe(
      "takes the centre: the opening book's winning line",
    );
    expect(reasonOf('4', 4, { bookValue: -1 } as never)).toBe(
      'adds to the centre column, though lost with perfect play',
    );
    expect(reasonOf('41', 3, { bookValue: 0 } as never)).toMatch(/, holding the draw$/);
    expect(moveReason(empty, 4, details)).toBe('takes the centre');
  });

  it('counts a forced win in moves to the end', () => {
    // Red 4,5,6 on the bottom row with 3 and 7 open: column 3 wins next move, a win in 2
    expect(reasonOf('4455', 6, { exactScore: 18 } as never)).toBe(
      'sets up a double threat with column 6: a forced win in 2 moves',
    );
  });

  it('puts a win at once and a forced block before the book', () => {
    expect(reasonOf('445566', 3, { bookValue: 1 } as never)).toBe('wins on column 3');
    // Red holds 4, 5, 6 on the bottom row: Yellow can block only one end
    expect(reasonOf('44556', 3)).toBe("blocks one of Red's 2 threats on column 3, but not all");
    // Red holds column 4 three high
    expect(reasonOf('41424', 4)).toBe("blocks Red's four on column 4");
  });

  it('says when a stone lets the opponent win', () => {
    expect(reasonOf('41424', 5)).toBe('lets Red in on column 4 with column 5');
    // Yellow fills 4's second row, under nothing; Red 4,5,6 bottom: 3 and 7 stay open for Red
    expect(reasonOf('44556', 4)).toBe('lets Red in on column 3 with column 4');
  });

  it('names threats made, single and double, and the row parity of a later one', () => {
    expect(reasonOf('4455', 6)).toBe('sets up a double threat with column 6');
    // Red 5, 6, 7 on the bottom row; Yellow's 1 and 2 leave column 4 the one open end
    expect(reasonOf('5162', 7)).toBe('threatens to win on column 4 with column 7');
    // Red's 2 (row 1), 3 (row 2) and now 5 (row 4) need 4 on row 3, two stones up: odd, Red's
    expect(reasonOf('55432537', 5)).toBe('makes a strong odd-row threat with column 5');
    // Yellow's 4, 5 and 7 on row 2 need 6 on row 2, over an empty cell: even, Yellow's
    expect(reasonOf('4577244', 5)).toBe('makes a strong even-row threat with column 5');
  });

  it('describes quiet stones by the lines they build or cut, the centre and the cap', () => {
    expect(reasonOf('51', 4)).toBe('builds 3 open lines at once with column 4');
    expect(reasonOf('56', 2)).toBe('extends a line toward four on column 2');
    expect(reasonOf('514', 7)).toBe('breaks up a Red pair with column 7');
    expect(reasonOf('442', 3)).toBe("cuts 2 of Red's lines with column 3");
    expect(reasonOf('43', 4)).toBe('adds to the centre column');
    expect(reasonOf('1', 1)).toBe("caps Red's stone on column 1");
    expect(reasonOf('63333374', 3)).toBe('closes column 3');
    expect(reasonOf('', 5)).toBe('builds on column 5');
    expect(reasonOf('', 5, { style: 'aggressive' } as never)).toBe(
      'presses the attack on column 5',
    );
  });

  it('still says what an unsearched move does', () => {
    expect(reasonOf('41424', 5, { blunder: true } as never)).toBe(
      'on instinct, lets Red in on column 4 with column 5',
    );
  });
});

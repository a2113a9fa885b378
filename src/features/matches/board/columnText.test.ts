import { describe, expect, it } from 'vitest';
import { columnText } from './columnText.ts';
import { piecesOf } from './pieces.ts';

const names = ['Ada', 'Bo'] as const;

describe('columnText', () => {
  it('reads a column bottom up by player name, with the holes left', () => {
    // Ada 4, Bo 4, Ada 3, Bo 4: column 4 holds Ada, Bo, Bo from the bottom.
    expect(columnText(piecesOf('4434'), 4, names)).toBe('Column 4 of 7: Ada, Bo, Bo, 3 empty');
    expect(columnText(piecesOf('4434'), 3, names)).toBe('Column 3 of 7: Ada, 5 empty');
  });

  it('says empty and full', () => {
    expect(columnText(piecesOf(''), 1, names)).toBe('Column 1 of 7: empty');
    expect(columnText(piecesOf('111111'), 1, names)).toBe(
      'Column 1 of 7: Ada, Bo, Ada, Bo, Ada, Bo, full',
    );
  });

  it('reads only the moves shown in a replay', () => {
    expect(columnText(piecesOf('4434', 2), 4, names)).toBe('Column 4 of 7: Ada, Bo, 4 empty');
  });
});

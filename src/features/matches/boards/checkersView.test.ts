import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CheckersBoard } from './CheckersBoard.tsx';
import { checkersView, nextSquare, squareText } from './checkersView.ts';

const names = ['Ada', 'Bo'] as const;
// 11-15 24-20 15-19 23x16 12x19: each side takes one man, the last take by 12x19
const game = '11-15 24-20 15-19 23x16 12x19';

describe('checkers board model', () => {
  it('reads a square: whose piece, man or king, or empty', () => {
    const { pieces } = checkersView(game);
    expect(squareText(pieces, 18, names)).toBe("Square 19 of 32: Ada's man");
    expect(squareText(pieces, 19, names)).toBe("Square 20 of 32: Bo's man");
    expect(squareText(pieces, 14, names)).toBe('Square 15 of 32: empty');
  });

  it('gives the last move its path and the pieces it took, in jump order', () => {
    const view = checkersView(game);
    expect(view.lastMove).toEqual({
      path: [11, 18],
      taken: [{ square: 15, player: 1, king: false }],
    });
    expect(checkersView(game, 2).lastMove).toEqual({ path: [23, 19], taken: [] });
    expect(checkersView(game, 0)).toEqual({ pieces: checkersView('').pieces, lastMove: null });
  });

  it('shows the position before a malformed or illegal move rather than failing', () => {
    expect(checkersView('11-15 xx').pieces).toEqual(checkersView('').pieces);
    expect(checkersView('11-15 11-15').pieces).toEqual(checkersView('11-15').pieces);
  });

  it('moves the reading cursor by square and by row, staying on the board', () => {
    expect(nextSquare('ArrowRight', null)).toBe(0);
    expect(nextSquare('ArrowRight', 31)).toBe(31);
    expect(nextSquare('ArrowDown', 2)).toBe(6);
    expect(nextSquare('ArrowUp', 2)).toBe(0);
    expect(nextSquare('End', 4)).toBe(31);
    expect(nextSquare('a', 4)).toBeNull();
  });

  it('prerenders with only positional values inline', () => {
    const html = renderToStaticMarkup(
      createElement(CheckersBoard, { moves: game, label: 'Board', resultCells: [18] }),
    );
    const styles = [...html.matchAll(/style="([^"]*)"/g)].map((match) => match[1]!);
    expect(styles.length).toBe(24 - 1 - 1);
    for (const style of styles) {
      expect(style).toMatch(/^grid-row:\d;grid-column:\d;--dx:-?\d;--dy:-?\d$/);
    }
    expect(html).toContain('class="sq r-5 c-6 result"');
  });
});

import type { GameOutcome } from '#core/games/definition.ts';
import { discsOf, isOver, type OthelloState } from './position.ts';

function squaresOf(lo: number, hi: number): number[] {
  const squares: number[] = [];
  for (let s = 0; s < 32; s++) if ((lo >>> s) & 1) squares.push(s);
  for (let s = 0; s < 32; s++) if ((hi >>> s) & 1) squares.push(s + 32);
  return squares;
}

/**
 * Whether the game is over (neither side can move) and who won: most discs wins ('most-discs',
 * or 'wipe-out' when the loser has none left), equal counts are a 'draw'. `cells` are the
 * winner's discs, empty on a draw.
 */
export function othelloOutcome(state: OthelloState): GameOutcome {
  if (!isOver(state)) return { status: 'ongoing' };
  const { black, white } = discsOf(state);
  const blackSquares = squaresOf(black[0], black[1]);
  const whiteSquares = squaresOf(white[0], white[1]);
  if (blackSquares.length === whiteSquares.length) {
    return { status: 'finished', winner: null, reason: 'draw', cells: [] };
  }
  const winner = blackSquares.length > whiteSquares.length ? 0 : 1;
  const [winning, losing] =
    winner === 0 ? [blackSquares, whiteSquares] : [whiteSquares, blackSquares];
  return {
    status: 'finished',
    winner,
    reason: losing.length === 0 ? 'wipe-out' : 'most-discs',
    cells: winning,
  };
}

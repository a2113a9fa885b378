import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CELLS } from './bitboard.ts';
import type { Connect4Position } from './position.ts';
import { runningPositions } from './testPositions.ts';
import { judgeConnect4 } from './verdict.ts';

const options = { deadline: Number.POSITIVE_INFINITY, now: () => 0 };
// A plain minimax's scale, its own and not the solver's: a win in p plies is 100 - p, a loss in
// p plies p - 100, a draw 0; more is better for the side to move.
const END = 100;

/** Minimax of every continuation, remembered by position: the oracle the solver is judged by. */
function minimax(position: Connect4Position, memo: Map<number, number>): number {
  const key = position.key();
  const known = memo.get(key);
  if (known !== undefined) return known;
  let best = Number.NEGATIVE_INFINITY;
  for (const column of position.legalMoves())
    best = Math.max(best, valueOfMove(position, column, memo));
  memo.set(key, best);
  return best;
}

/** The mover's value of `column` on the minimax scale, measured from `position`. */
function valueOfMove(
  position: Connect4Position,
  column: number,
  memo: Map<number, number>,
): number {
  if (position.isWinningMove(column)) return END - 1;
  position.play(column);
  const child = position.nbMoves === CELLS ? 0 : minimax(position, memo);
  position.undo();
  return child === 0 ? 0 : -(child - Math.sign(child));
}

function expectedGrade(best: number, played: number): string {
  if (played === best) return 'best';
  if (Math.sign(played) === Math.sign(best)) return 'good';
  return best > 0 && played === 0 ? 'mistake' : 'blunder';
}

function asValue(score: number) {
  if (score === 0) return { result: 'draw', by: 0 };
  return { result: score > 0 ? 'win' : 'loss', by: END - Math.abs(score) };
}

// Solves of ply-10 positions and a minimax oracle: seconds on a loaded machine.
describe('judgeConnect4', { timeout: 60_000 }, () => {
  it('agrees with a plain minimax on every move of late positions', () => {
    fc.assert(
      fc.property(runningPositions(30), (position) => {
        const memo = new Map<number, number>();
        const values = position.legalMoves().map((column) => valueOfMove(position, column, memo));
        const best = Math.max(...values);
        position.legalMoves().forEach((column, index) => {
          const verdict = judgeConnect4(position.moves, column, options);
          const played = values[index]!;
          expect(verdict?.grade).toBe(expectedGrade(best, played));
          expect(verdict?.best).toEqual(asValue(best));
          expect(verdict?.played).toEqual(asValue(played));
          const better = verdict?.better;
          if (played === best) expect(better).toBeUndefined();
          else expect(values[position.legalMoves().indexOf(Number(better))]).toBe(best);
        });
      }),
      { numRuns: 25, seed: 27 },
    );
  });

  it('names the win Oracle gave up at ply 10 (issue 27)', () => {
    const verdict = judgeConnect4('7313365357', 4, options);
    expect(verdict?.best.result).toBe('win');
    expect(verdict?.grade === 'mistake' || verdict?.grade === 'blunder').toBe(true);
    expect(judgeConnect4('7313365357', Number(verdict?.better), options)?.grade).toBe('best');
  });

  it('leaves the verdict absent where neither book nor budget reaches, and after the end', () => {
    expect(judgeConnect4('44', 3, options)).toBeNull();
    expect(judgeConnect4('1212121', 3, options)).toBeNull();
  });

  it('counts the plies to a win the solver literature scores 3', () => {
    // Pons' score 3 at 18 stones: the mover wins with its 19th stone, 19 plies from here
    const moves = '553632652366215257';
    const verdicts = [1, 2, 3, 4, 5, 6, 7].map((column) => judgeConnect4(moves, column, options));
    for (const verdict of verdicts) expect(verdict?.best).toEqual({ result: 'win', by: 19 });
    expect(verdicts.some((verdict) => verdict?.grade === 'best')).toBe(true);
  });
});

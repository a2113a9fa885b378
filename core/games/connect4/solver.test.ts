import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ValidationError } from '#core/errors.ts';
import { analyzeColumns } from './analyzeColumns.ts';
import { Connect4Position } from './position.ts';
import { SearchAborted } from './searchBudget.ts';
import { Solver } from './solver.ts';
import { runningPositions } from './testPositions.ts';

const solver = new Solver({ log2TableSize: 20 });

function solveFresh(position: Connect4Position, weak = false): number {
  solver.resetTable();
  return solver.solve(position, { weak });
}

const lateGame = runningPositions(26);

describe('Solver', () => {
  it.each([
    ['an immediate win with the fourth stone', '414141', 18],
    ['an open three the opponent cannot stop', '4455', 18],
    ['facing that open three', '44553', -18],
    ['the last cell of a drawn game', '12567777144562256277553341563324344616231', 0],
    ['a middle game, independently solved', '55563715562423', 0],
    ['a losing middle game', '551437327636216', -3],
    ['a won middle game', '553632652366215257', 3],
    ['a late game', '3133577417651455562354437434', -2],
    ['a one-point win', '13313425622666431772633777547541', 1],
  ])('scores %s', (_name, moves, score) => {
    expect(solveFresh(Connect4Position.fromMoves(moves))).toBe(score);
  });

  it('explores as many nodes as the reference C++ solver on a known position', () => {
    // 20551 nodes from Pascal Pons' solver with the same ordering and a 2^24-slot table (part12
    // as shipped has 2^23 slots and explores 20552)
    const position = Connect4Position.fromMoves('55563715562423');
    const big = new Solver({ log2TableSize: 24 });
    expect(big.solve(position)).toBe(0);
    expect(big.nodes).toBe(20551);
  });

  it('weak mode gives only the sign', () => {
    expect(solveFresh(Connect4Position.fromMoves('4455'), true)).toBe(1);
    expect(solveFresh(Connect4Position.fromMoves('44553'), true)).toBe(-1);
    expect(solveFresh(Connect4Position.fromMoves('551437327636216'), true)).toBe(-1);
  });

  it('refuses finished games and stops at the node budget', () => {
    expect(() => solveFresh(Connect4Position.fromMoves('1212121'))).toThrow(ValidationError);
    solver.resetTable();
    expect(() =>
      solver.solve(Connect4Position.fromMoves('55563715562423'), { budget: { maxNodes: 100 } }),
    ).toThrow(SearchAborted);
  });

  it('stops at the deadline of an injected clock', () => {
    let time = 0;
    const now = () => (time += 1);
    solver.resetTable();
    expect(() =>
      solver.solve(Connect4Position.fromMoves('5556371'), { budget: { deadline: 3, now } }),
    ).toThrow(/deadline/);
  });

  it('a score is the best negated score of the children', () => {
    fc.assert(
      fc.property(lateGame, (position) => {
        const score = solveFresh(position);
        solver.resetTable();
        const children = analyzeColumns(solver, position).filter((s): s is number => s !== null);
        expect(Math.max(...children)).toBe(score);
      }),
      { numRuns: 40, seed: 42 },
    );
  }, 60_000);

  it('a mirrored position has the same score, and weak agrees in sign', () => {
    fc.assert(
      fc.property(lateGame, (position) => {
        const score = solveFresh(position);
        expect(solveFresh(position.mirror())).toBe(score);
        expect(solveFresh(position, true)).toBe(Math.sign(score));
      }),
      { numRuns: 40, seed: 7 },
    );
  }, 60_000);

  it('a null-window test agrees with the exact score, on a fresh table or a kept one', () => {
    fc.assert(
      fc.property(lateGame, fc.integer({ min: -3, max: 3 }), (position, bound) => {
        const score = solveFresh(position);
        // kept table: the bounds the solve stored must not mislead the test
        expect(solver.isAtMost(position, bound)).toBe(score <= bound);
        solver.resetTable();
        expect(solver.isAtMost(position, bound)).toBe(score <= bound);
      }),
      { numRuns: 60, seed: 11 },
    );
    expect(() => solver.isAtMost(Connect4Position.fromMoves('1212121'), 0)).toThrow(
      ValidationError,
    );
    // the side to move wins at once with its 4th stone: 22 - 4 = 18
    expect(solver.isAtMost(Connect4Position.fromMoves('445566'), 17)).toBe(false);
    expect(solver.isAtMost(Connect4Position.fromMoves('445566'), 18)).toBe(true);
  }, 60_000);
});

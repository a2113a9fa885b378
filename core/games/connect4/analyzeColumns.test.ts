import { describe, expect, it } from 'vitest';
import { ValidationError } from '#core/errors.ts';
import { analyzeColumns } from './analyzeColumns.ts';
import { Connect4Position } from './position.ts';
import { SearchAborted } from './searchBudget.ts';
import { Solver } from './solver.ts';

const solver = new Solver({ log2TableSize: 20 });

/** Nodes a fresh-table analysis of `position` takes, and its scores. */
function analyzeFresh(position: Connect4Position, maxNodes?: number) {
  solver.resetTable();
  solver.resetNodes();
  const scores = analyzeColumns(
    solver,
    position,
    maxNodes === undefined ? {} : { budget: { maxNodes } },
  );
  return { scores, nodes: solver.nodes };
}

describe('analyzeColumns', () => {
  it('scores every column: wins at once, solved children, null for full columns', () => {
    // the mover's 4, 5 and 6 on the bottom row: 3 and 7 win with the 4th stone (22 - 4 = 18)
    const { scores } = analyzeFresh(Connect4Position.fromMoves('445566'));
    expect(scores[2]).toBe(18);
    expect(scores[6]).toBe(18);
    const late = Connect4Position.fromMoves('3133577417651455562354437434');
    expect([3, 4, 5].some((column) => late.canPlay(column))).toBe(false);
    const scores2 = analyzeFresh(late).scores;
    expect(scores2.map((score) => score === null)).toEqual(
      [1, 2, 3, 4, 5, 6, 7].map((column) => !late.canPlay(column)),
    );
    // the position's score is the best of its columns
    expect(Math.max(...scores2.filter((score): score is number => score !== null))).toBe(-2);
  });

  it('spends one budget over all the columns, not one per column', () => {
    const position = Connect4Position.fromMoves('55563715562423');
    const { scores, nodes } = analyzeFresh(position);
    expect(analyzeFresh(position, nodes).scores).toEqual(scores);
    expect(() => analyzeFresh(position, nodes - 1)).toThrow(SearchAborted);
  });

  it('tells each column as it is scored, in order, with the score it returns', () => {
    const heard: [number, number | null][] = [];
    const position = Connect4Position.fromMoves('3133577417651455562354437434');
    solver.resetTable();
    const scores = analyzeColumns(solver, position, {
      onColumn: (column, score) => heard.push([column, score]),
    });
    expect(heard).toEqual(scores.map((score, index) => [index + 1, score]));
  });

  it('refuses a finished game', () => {
    expect(() => analyzeColumns(solver, Connect4Position.fromMoves('1212121'))).toThrow(
      ValidationError,
    );
  });
});

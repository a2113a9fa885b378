import { describe, expect, it } from 'vitest';
import { gradeOf, resultOf } from './verdict.ts';

describe('gradeOf', () => {
  it.each([
    ['keeps the best win', 5, 5, 'best'],
    ['keeps the draw', 0, 0, 'best'],
    ['keeps the slowest loss', -3, -3, 'best'],
    ['wins, but more slowly', 5, 2, 'good'],
    ['loses sooner than it had to', -2, -6, 'good'],
    ['turns a win into a draw', 4, 0, 'mistake'],
    ['turns a win into a loss', 4, -1, 'blunder'],
    ['turns a draw into a loss', 0, -1, 'blunder'],
  ] as const)('%s', (_name, best, played, grade) => {
    expect(gradeOf(best, played)).toBe(grade);
  });

  it('names the result of a score', () => {
    expect([resultOf(3), resultOf(0), resultOf(-1)]).toEqual(['win', 'draw', 'loss']);
  });
});

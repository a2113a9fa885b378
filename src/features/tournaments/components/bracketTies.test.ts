import { describe, expect, it } from 'vitest';
import { bracketColumns, stageName } from './bracketTies.ts';

const game = (
  first: string,
  second: string,
  result: 'first' | 'second' | 'draw' | null,
  matchId: string | null = `${first}-${second}`,
) => ({ first, second, matchId, result });

describe('bracketColumns', () => {
  it('joins a stage’s replay round to its column, and reads who went through', () => {
    const columns = bracketColumns([
      { number: 1, pairings: [game('a', 'd', 'first'), game('b', 'c', 'draw', 'm1')], byes: [] },
      // the replay of the drawn game, sides swapped: c wins it
      { number: 2, pairings: [game('c', 'b', 'first', 'm2')], byes: [] },
      { number: 3, pairings: [game('a', 'c', 'draw', 'f1')], byes: [] },
      // the final's replay drawn too: the higher seed, a, goes through
      { number: 4, pairings: [game('c', 'a', 'draw', 'f2')], byes: [] },
    ]);
    expect(columns.map((column) => column.round)).toEqual([1, 3]);
    const [first, final] = columns;
    expect(first!.ties.map((tie) => [tie.entrants, tie.games.length, tie.winner])).toEqual([
      [['a', 'd'], 1, 'a'],
      [['b', 'c'], 2, 'c'],
    ]);
    expect(final!.ties.map((tie) => [tie.entrants, tie.games.length, tie.winner])).toEqual([
      [['a', 'c'], 2, 'a'],
    ]);
  });

  it('reads the final’s winner from its decisive game, the replay’s too', () => {
    const [, final] = bracketColumns([
      { number: 1, pairings: [game('a', 'd', 'first'), game('b', 'c', 'second')], byes: [] },
      { number: 2, pairings: [game('a', 'c', 'draw', 'f1')], byes: [] },
      { number: 3, pairings: [game('c', 'a', 'first', 'f2')], byes: [] },
    ]);
    expect(final!.ties[0]!.winner).toBe('c');
  });

  it('keeps a new stage its own column even when it is a single game', () => {
    const columns = bracketColumns([
      { number: 1, pairings: [game('a', 'b', 'first'), game('c', 'd', 'second')], byes: [] },
      { number: 2, pairings: [game('a', 'd', null)], byes: [] },
    ]);
    expect(columns).toHaveLength(2);
    expect(columns[1]!.ties[0]!.winner).toBeNull();
  });

  it('leaves a tie still being played without a winner, and keeps byes', () => {
    const [column] = bracketColumns([
      { number: 1, pairings: [game('a', 'b', null), game('c', 'd', 'draw')], byes: ['e'] },
    ]);
    expect(column!.ties.map((tie) => tie.winner)).toEqual([null, null]);
    expect(column!.byes).toEqual(['e']);
  });

  it('names each column by how many go into it', () => {
    const column = (ties: number, byes: number) => ({
      round: 1,
      ties: Array.from({ length: ties }, () => ({
        entrants: ['x', 'y'] as [string, string],
        games: [],
        winner: null,
      })),
      byes: Array.from({ length: byes }, (_, index) => `bye${index}`),
    });
    expect(
      [column(1, 0), column(1, 1), column(3, 1), column(8, 0), column(5, 11)].map(stageName),
    ).toEqual(['Final', 'Semi-finals', 'Quarter-finals', 'Round of 16', 'Round of 32']);
  });
});

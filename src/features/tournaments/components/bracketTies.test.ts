import { describe, expect, it } from 'vitest';
import { bracketColumns } from './bracketTies.ts';

const game = (
  first: string,
  second: string,
  result: 'first' | 'second' | 'draw' | null,
  matchId: string | null = `${first}-${second}`,
) => ({ first, second, matchId, result });

describe('bracketColumns', () => {
  it('groups a drawn game and its replay into one tie, and reads who went through', () => {
    const columns = bracketColumns([
      {
        number: 1,
        pairings: [
          game('a', 'd', 'first'),
          game('b', 'c', 'draw', 'm1'),
          // the replay, sides swapped: c wins it
          game('c', 'b', 'first', 'm2'),
        ],
        byes: [],
      },
      { number: 2, pairings: [game('a', 'c', 'second')], byes: [] },
    ]);
    expect(columns).toHaveLength(2);
    const [first, final] = columns;
    expect(first!.ties.map((tie) => [tie.entrants, tie.games.length, tie.winner])).toEqual([
      [['a', 'd'], 1, 'a'],
      [['b', 'c'], 2, 'c'],
    ]);
    // the final has no later round: its decisive game says who won
    expect(final!.ties[0]!.winner).toBe('c');
  });

  it('leaves a tie still being played without a winner, and keeps byes', () => {
    const [column] = bracketColumns([
      { number: 1, pairings: [game('a', 'b', null), game('c', 'd', 'draw')], byes: ['e'] },
    ]);
    expect(column!.ties.map((tie) => tie.winner)).toEqual([null, null]);
    expect(column!.byes).toEqual(['e']);
  });
});

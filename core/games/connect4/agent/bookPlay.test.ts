import { describe, expect, it } from 'vitest';
import { BUILT_IN_AGENTS } from '#core/agents/roster.ts';
import { movesOfKey } from '#core/games/connect4/movesOfKey.ts';
import { Connect4Position } from '#core/games/connect4/position.ts';
import { decide } from './decide.ts';
import { openingBook } from './perfectPlay.ts';

const oracle = BUILT_IN_AGENTS.find((agent) => agent.id === 'oracle')!;

/** Positions whose every column the book scores (it claims them), with their mirror images. */
function claimedPositions(): Connect4Position[] {
  const book = openingBook();
  const positions: Connect4Position[] = [];
  for (const [key] of book.entries()) {
    const moves = movesOfKey(key);
    if (moves === null) continue;
    const position = Connect4Position.fromMoves(moves);
    if (book.columnScores(position) === null) continue;
    positions.push(position, position.mirror());
  }
  return positions;
}

describe('the top agent in the opening book', () => {
  it('never picks a move that changes the value, as first or second player', () => {
    const positions = claimedPositions();
    // both colours are covered: Oracle moves at even plies as first player, odd as second
    expect(positions.some((position) => position.nbMoves % 2 === 0)).toBe(true);
    expect(positions.some((position) => position.nbMoves % 2 === 1)).toBe(true);
    for (const [index, position] of positions.entries()) {
      const scores = openingBook().columnScores(position)!;
      const best = Math.max(...scores.filter((score): score is number => score !== null));
      const { move } = decide(position.moves, oracle.traits, {
        seed: index,
        deadline: Number.POSITIVE_INFINITY,
        now: () => 0,
      });
      expect([position.moves, scores[move - 1]]).toEqual([position.moves, best]);
    }
  });
});

import { describe, expect, it } from 'vitest';
import type { AgentTraits } from '#core/agents/traits.ts';
import { Connect4Position } from '#core/games/connect4/position.ts';
import { Solver } from '#core/games/connect4/solver.ts';
import { decide } from './decide.ts';

// Node budgets, not time, bound these games; the long timeouts only cover a loaded machine.
const clock = { deadline: Number.POSITIVE_INFINITY, now: () => 0 };
const level = (skill: number): AgentTraits => ({
  skill,
  style: 'balanced',
  risk: 0.3,
  thinkTimeMs: 100,
});

/** Plays a seeded game from `start`; returns 1 or 2 for the winning seat, 0 for a draw. */
function play(start: string, first: AgentTraits, second: AgentTraits, seed: number): 0 | 1 | 2 {
  const position = Connect4Position.fromMoves(start);
  while (position.outcome().status === 'ongoing') {
    const traits = position.nbMoves % 2 === 0 ? first : second;
    position.play(decide(position.moves, traits, { seed, ...clock }).move);
  }
  const outcome = position.outcome();
  return outcome.status === 'won' ? outcome.winner : 0;
}

/** Points (win 1, draw 0.5) of `strong` over `games` seeded games, colours alternating. */
function match(strong: number, weak: number, games: number): number {
  let points = 0;
  for (let game = 0; game < games; game++) {
    const strongFirst = game % 2 === 0;
    const result = strongFirst
      ? play('', level(strong), level(weak), 100 + game)
      : play('', level(weak), level(strong), 100 + game);
    if (result === 0) points += 0.5;
    else if ((result === 1) === strongFirst) points += 1;
  }
  return points;
}

describe('strength', () => {
  it.each([
    [3, 1],
    [4, 2],
    [5, 3],
    [6, 4],
    [7, 5],
  ])(
    'skill %i clearly beats skill %i over ten seeded games',
    (strong, weak) => {
      expect(match(strong, weak, 10)).toBeGreaterThanOrEqual(7);
    },
    120_000,
  );

  it('the top agent never loses a position the solver calls a win', () => {
    // late positions from seeded games of weak agents, kept when the side to move wins
    const solver = new Solver({ log2TableSize: 20 });
    let checked = 0;
    for (let seed = 1; checked < 6 && seed < 60; seed++) {
      const position = Connect4Position.fromMoves('');
      while (position.nbMoves < 22 && position.outcome().status === 'ongoing') {
        position.play(decide(position.moves, level(2), { seed, ...clock }).move);
      }
      if (position.outcome().status !== 'ongoing' || solver.solve(position) <= 0) continue;
      checked++;
      const top: AgentTraits = { skill: 10, style: 'balanced', risk: 0, thinkTimeMs: 2000 };
      const topSeat = position.toMove;
      const result =
        topSeat === 1
          ? play(position.moves, top, level(8), seed)
          : play(position.moves, level(8), top, seed);
      expect(result).toBe(topSeat);
    }
    expect(checked).toBe(6);
  }, 120_000);
});

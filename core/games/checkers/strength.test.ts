import { describe, expect, it } from 'vitest';
import { createRandom } from '#core/agents/random.ts';
import type { AgentTraits } from '#core/agents/traits.ts';
import { checkersGame } from './game.ts';

// Node budgets, not time, bound these games; the long timeouts only cover a loaded machine.
const clock = { deadline: Number.POSITIVE_INFINITY, now: () => 0 };
const level = (skill: number): AgentTraits => ({
  skill,
  style: 'balanced',
  risk: 0.3,
  thinkTimeMs: 100,
});
type Player = AgentTraits | 'random';

/** Plays a seeded game; returns the winner's seat (0 moved first) or null for a draw. */
function play(first: Player, second: Player, seed: number): 0 | 1 | null {
  const random = createRandom(seed);
  let state = checkersGame.initial();
  const moves: string[] = [];
  for (;;) {
    const outcome = checkersGame.outcome(state);
    if (outcome.status === 'finished') return outcome.winner;
    const player = state.side === 0 ? first : second;
    const legal = checkersGame.legalMoves(state);
    const move =
      player === 'random'
        ? legal[Math.floor(random() * legal.length)]!
        : checkersGame.decide(moves, player, { seed, ...clock }).move;
    moves.push(move);
    state = checkersGame.play(state, move);
  }
}

/** Points (win 1, draw 0.5) of `strong` over seeded games, colours alternating. */
function match(strong: Player, weak: Player, games: number): number {
  let points = 0;
  for (let game = 0; game < games; game++) {
    const strongFirst = game % 2 === 0;
    const winner = strongFirst ? play(strong, weak, 100 + game) : play(weak, strong, 100 + game);
    if (winner === null) points += 0.5;
    else if ((winner === 0) === strongFirst) points += 1;
  }
  return points;
}

describe('checkers strength', () => {
  it('the top agent beats a random mover in every seeded game', () => {
    expect(match(level(10), 'random', 4)).toBe(4);
  }, 120_000);

  it('skill 10 clearly beats skill 1 over four seeded games', () => {
    expect(match(level(10), level(1), 4)).toBeGreaterThanOrEqual(3.5);
  }, 120_000);

  it('skill 5 beats a random mover', () => {
    expect(match(level(5), 'random', 4)).toBeGreaterThanOrEqual(3.5);
  }, 120_000);
});

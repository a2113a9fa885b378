import { describe, expect, it } from 'vitest';
import { BUILT_IN_AGENTS } from '#core/agents/roster.ts';
import type { AgentTraits } from '#core/agents/traits.ts';
import type { GameDefinition } from './definition.ts';
import { GAMES } from './registry.ts';

// Node budgets, not time, bound these games; the long timeouts only cover a loaded machine.
const clock = { deadline: Number.POSITIVE_INFINITY, now: () => 0 };

/** Points (win 1, draw 0.5) of `upper` against `lower` over seeded games, colours alternating. */
function match(
  game: GameDefinition,
  upper: AgentTraits,
  lower: AgentTraits,
  games: number,
): number {
  let points = 0;
  for (let round = 0; round < games; round++) {
    const upperFirst = round % 2 === 0;
    const seats = upperFirst ? [upper, lower] : [lower, upper];
    let state = game.initial();
    const moves: string[] = [];
    while (game.outcome(state).status === 'ongoing') {
      const traits = seats[game.sideToMove(state)]!;
      const { move } = game.decide(moves, traits, { seed: 300 + (round >> 1), ...clock });
      state = game.play(state, move);
      moves.push(move);
    }
    const outcome = game.outcome(state);
    if (outcome.status !== 'finished' || outcome.winner === null) points += 0.5;
    else if ((outcome.winner === 0) === upperFirst) points += 1;
  }
  return points;
}

// The roster's lowest steps are the cheap ones to play and were the narrowest: two neighbours
// searching equally deep, told apart only by noise and blunders (checkers 3 over 2 scored 37
// points in these 60 games before skill 2 got noisier and skill 3 steadier; now 51).
const steps = BUILT_IN_AGENTS.filter((agent) => agent.traits.skill <= 3)
  .slice(1)
  .map((upper, index) => {
    const lower = BUILT_IN_AGENTS[index]!;
    const name = `${upper.name} (skill ${upper.traits.skill}) over ${lower.name} (${lower.traits.skill})`;
    return { name, upper: upper.traits, lower: lower.traits };
  });

describe.each(Object.values(GAMES))('$name skill ladder', (game) => {
  it.each(steps)(
    '$name: at least 38 points in 60 seeded games',
    ({ upper, lower }) => {
      expect(match(game, upper, lower, 60)).toBeGreaterThanOrEqual(38);
    },
    60_000,
  );
});

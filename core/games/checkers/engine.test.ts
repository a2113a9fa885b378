import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AgentTraits } from '#core/agents/traits.ts';
import { ValidationError } from '#core/errors.ts';
import { checkersGame } from './game.ts';
import { randomGame } from './randomGames.ts';
import { replay } from './state.ts';

const clock = { deadline: Number.POSITIVE_INFINITY, now: () => 0 };
const traits = (skill: number, extra: Partial<AgentTraits> = {}): AgentTraits => ({
  skill,
  style: 'balanced',
  risk: 0.3,
  thinkTimeMs: 100,
  ...extra,
});
// a random running game: its moves, when it is not over yet
const running = fc
  .record({ seed: fc.nat(), plies: fc.nat(120) })
  .map(({ seed, plies }) => randomGame(seed, plies))
  .filter(({ state }) => checkersGame.outcome(state).status === 'ongoing')
  .map(({ moves }) => moves);

describe('checkers engine', () => {
  it('never plays an illegal move, at any skill and style', () => {
    fc.assert(
      fc.property(
        running,
        fc.integer({ min: 1, max: 10 }),
        fc.constantFrom('aggressive', 'balanced', 'defensive' as const),
        fc.nat(),
        (moves, skill, style, seed) => {
          const decision = checkersGame.decide(moves, traits(skill, { style }), {
            seed,
            ...clock,
          });
          expect(checkersGame.legalMoves(replay(moves))).toContain(decision.move);
          expect(decision.trace.chosen).toBe(decision.move);
          expect(decision.trace.reason.length).toBeGreaterThan(0);
          expect(Math.abs(decision.trace.advantage)).toBeLessThanOrEqual(1);
        },
      ),
      { numRuns: 40, seed: 21 },
    );
  }, 120_000);

  it('is deterministic for the same moves, traits and seed', () => {
    for (const seed of [1, 2, 3]) {
      const first = checkersGame.decide(['11-15', '23-19'], traits(5), { seed, ...clock });
      expect(checkersGame.decide(['11-15', '23-19'], traits(5), { seed, ...clock })).toEqual(first);
    }
  });

  it('scores every candidate and reports depth and nodes', () => {
    const { trace } = checkersGame.decide([], traits(8), { seed: 1, ...clock });
    expect(trace.candidates.map((candidate) => candidate.move)).toEqual(
      checkersGame.legalMoves(checkersGame.initial()),
    );
    expect(trace.depth).toBeGreaterThanOrEqual(4);
    expect(trace.nodes).toBeGreaterThan(1000);
  });

  it('returns a legal move when the deadline has already passed', () => {
    const decision = checkersGame.decide([], traits(10), { seed: 1, deadline: 0, now: () => 1 });
    expect(checkersGame.legalMoves(checkersGame.initial())).toContain(decision.move);
  });

  it('refuses a finished game and illegal move lists', () => {
    const { moves } = randomGame(5);
    expect(() => checkersGame.decide(moves, traits(5), { seed: 1, ...clock })).toThrow(
      ValidationError,
    );
    expect(() => checkersGame.decide(['11-16', '11-15'], traits(5), { seed: 1, ...clock })).toThrow(
      ValidationError,
    );
  });
});

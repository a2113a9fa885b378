import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AgentTraits } from '#core/agents/traits.ts';
import { ValidationError } from '#core/errors.ts';
import { Connect4Position } from '#core/games/connect4/position.ts';
import { decide } from './decide.ts';

const clock = { deadline: Number.POSITIVE_INFINITY, now: () => 0 };
const traits = (skill: number, extra: Partial<AgentTraits> = {}): AgentTraits => ({
  skill,
  style: 'balanced',
  risk: 0.3,
  thinkTimeMs: 100,
  ...extra,
});

/** A running position from arbitrary choices among legal moves. */
const runningPosition = fc.array(fc.nat(6), { maxLength: 30 }).map((choices) => {
  const position = new Connect4Position();
  for (const choice of choices) {
    const legal = position.legalMoves();
    const next = position.clone().play(legal[choice % legal.length]!);
    if (next.outcome().status !== 'ongoing') break;
    position.play(legal[choice % legal.length]!);
  }
  return position.moves;
});

describe('decide', () => {
  it('never returns an illegal move, at any skill and style', () => {
    fc.assert(
      fc.property(
        runningPosition,
        fc.integer({ min: 1, max: 8 }),
        fc.constantFrom('aggressive', 'balanced', 'defensive' as const),
        fc.nat(),
        (moves, skill, style, seed) => {
          const decision = decide(moves, traits(skill, { style }), { seed, ...clock });
          expect(Connect4Position.fromMoves(moves).canPlay(decision.move)).toBe(true);
          expect(decision.trace.chosen).toBe(decision.move);
          expect(decision.trace.reason.length).toBeGreaterThan(0);
        },
      ),
      { numRuns: 60, seed: 3 },
    );
  }, 60_000);

  it('is deterministic for the same moves, traits and seed', () => {
    for (const seed of [1, 2, 3, 4]) {
      const first = decide('4433', traits(4), { seed, ...clock });
      expect(decide('4433', traits(4), { seed, ...clock })).toEqual(first);
    }
    const moves = new Set(
      [1, 2, 3, 4, 5, 6, 7, 8].map((seed) => decide('', traits(1), { seed, ...clock }).move),
    );
    expect(moves.size).toBeGreaterThan(1);
  });

  it('takes a win and says so', () => {
    const decision = decide('414141', traits(8), { seed: 1, ...clock });
    expect(decision.move).toBe(4);
    expect(decision.trace.reason).toBe('wins on column 4');
  });

  it('blocks an open three', () => {
    const decision = decide('43536', traits(8), { seed: 1, ...clock });
    expect(decision.move).toBe(7);
    expect(decision.trace.reason).toBe("blocks Red's four on column 7");
  });

  it('weighs every candidate and reports depth and nodes', () => {
    const { trace } = decide('44', traits(6), { seed: 1, ...clock });
    expect(trace.candidates.map((c) => c.move)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(trace.depth).toBeGreaterThanOrEqual(3);
    expect(trace.nodes).toBeGreaterThan(100);
  });

  it('returns the best move so far when the deadline has passed', () => {
    const decision = decide('4', traits(8), { seed: 1, deadline: 0, now: () => 1 });
    expect(Connect4Position.fromMoves('4').canPlay(decision.move)).toBe(true);
  });

  it('keeps time for a heuristic answer when the solver runs into the deadline', () => {
    let time = 0;
    const now = () => (time += 1);
    const top = traits(10, { thinkTimeMs: 10_000 });
    const { trace } = decide('2125565612', top, { seed: 1, deadline: 60, now });
    expect(trace.depth).toBeGreaterThanOrEqual(7);
    expect(trace.depth).toBeLessThan(32);
  });

  it('plays exact scores late in the game at top skill', () => {
    const { trace } = decide('3133577417651455562354437434', traits(10), { seed: 1, ...clock });
    expect(trace.reason).toMatch(/forced win|draw|lost with perfect play|wins/);
    expect(Math.max(...trace.candidates.map((c) => c.score))).toBe(-2);
  });

  it('rejects bad positions and finished games', () => {
    expect(() => decide('449', traits(3), { seed: 1, ...clock })).toThrow(ValidationError);
    expect(() => decide('1212121', traits(3), { seed: 1, ...clock })).toThrow(/game is over/);
    expect(() => decide('', traits(11), { seed: 1, ...clock })).toThrow(ValidationError);
  });
});

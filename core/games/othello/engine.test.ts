import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRandom } from '#core/agents/random.ts';
import type { AgentTraits } from '#core/agents/traits.ts';
import { flips, out } from './bitboard.ts';
import { othelloGame } from './game.ts';
import { squareIndex } from './squares.ts';
import { randomGame } from './testPositions.ts';
import { WasmEndgameSolver } from './wasmEndgameSolver.ts';

const game = othelloGame;
const options = { seed: 1, deadline: Number.POSITIVE_INFINITY, now: () => 0 };
const traits = (skill: number, thinkTimeMs = 100): AgentTraits => ({
  skill,
  style: 'balanced',
  risk: 0.3,
  thinkTimeMs,
});

describe('othello engine', () => {
  it('never plays an illegal move, whatever the position and traits', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000 }),
        fc.integer({ min: 0, max: 59 }),
        fc.integer({ min: 1, max: 10 }),
        fc.constantFrom('aggressive', 'balanced', 'defensive'),
        (seed, empties, skill, style) => {
          const { moves, state } = randomGame(seed, empties);
          const legal = game.legalMoves(state);
          fc.pre(legal.length > 0);
          const decision = game.decide(moves, { ...traits(skill), style }, { ...options, seed });
          expect(legal).toContain(decision.move);
          expect(decision.trace.chosen).toBe(decision.move);
          expect(decision.trace.advantage).toBeGreaterThanOrEqual(-1);
          expect(decision.trace.advantage).toBeLessThanOrEqual(1);
          expect(decision.trace.reason.length).toBeGreaterThan(0);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('is deterministic for the same moves, traits and seed', () => {
    const { moves } = randomGame(5, 40);
    const first = game.decide(moves, traits(6), options);
    const second = game.decide(moves, traits(6), options);
    expect(second).toEqual(first);
  });

  it('solves the endgame exactly at the top skill and says so', () => {
    const { moves } = randomGame(11, 12);
    const decision = game.decide(moves, traits(10, 2000), options);
    expect(decision.trace.depth).toBe(12);
    expect(decision.trace.reason).toMatch(
      /: (wins by \d+ with perfect play|a draw with perfect play|loses by \d+ at best)$/,
    );
    const best = Math.max(...decision.trace.candidates.map((candidate) => candidate.score));
    expect(decision.trace.candidates.find((c) => c.move === decision.move)?.score).toBe(best);
  });

  // the roster's top agent (Oracle, 8 s) on random games at 20 empties whose roots take 5-10M
  // solver nodes: its solver budget, not the heuristic one, decides whether it solves them
  it('plays a perfect move from 20 empties at the top skill (seeded)', () => {
    const solver = new WasmEndgameSolver(20);
    for (const seed of [1, 2, 6, 9]) {
      const { moves, state } = randomGame(seed, 20);
      const decision = game.decide(moves, traits(10, 8000), options);
      expect(decision.trace.depth).toBe(20);
      // the exact score of the move played, against the exact score of the position
      const square = squareIndex(decision.move);
      flips(square, state.pLo, state.pHi, state.oLo, state.oHi);
      const fLo = out.lo | (square < 32 ? 1 << square : 0);
      const fHi = out.hi | (square >= 32 ? 1 << (square - 32) : 0);
      solver.resetTable();
      const best = solver.solve(state.pLo, state.pHi, state.oLo, state.oHi);
      solver.resetTable();
      const played = -solver.solve(
        state.oLo & ~fLo,
        state.oHi & ~fHi,
        state.pLo | fLo,
        state.pHi | fHi,
      );
      expect(played).toBe(best);
    }
  }, 60_000);

  it('stops at the deadline with a legal move', () => {
    const { moves, state } = randomGame(9, 40);
    let clock = 0;
    const decision = game.decide(moves, traits(10, 10_000), {
      seed: 1,
      deadline: 50,
      now: () => (clock += 10),
    });
    expect(game.legalMoves(state)).toContain(decision.move);
  });

  it('the top agent beats a random mover (seeded)', () => {
    const random = createRandom(42);
    let wins = 0;
    for (let gameNumber = 0; gameNumber < 2; gameNumber++) {
      const agentSide = gameNumber % 2;
      let state = game.initial();
      const moves: string[] = [];
      while (game.outcome(state).status === 'ongoing') {
        const legal = game.legalMoves(state);
        const move =
          game.sideToMove(state) === agentSide
            ? game.decide(moves, traits(10, 100), { ...options, seed: gameNumber }).move
            : legal[Math.floor(random() * legal.length)]!;
        moves.push(move);
        state = game.play(state, move);
      }
      const outcome = game.outcome(state);
      if (outcome.status === 'finished' && outcome.winner === agentSide) wins++;
    }
    expect(wins).toBe(2);
  }, 60_000);
});

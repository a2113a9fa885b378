import { describe, expect, it } from 'vitest';
import { createRandom } from '#core/agents/random.ts';
import { BUILT_IN_AGENTS } from '#core/agents/roster.ts';
import type { AgentTraits } from '#core/agents/traits.ts';
import { movesOfKey } from '#core/games/connect4/movesOfKey.ts';
import { Connect4Position } from '#core/games/connect4/position.ts';
import { decide } from './decide.ts';
import { weakBook } from './perfectPlay.ts';

const oracle = BUILT_IN_AGENTS.find((agent) => agent.id === 'oracle')!;
const clock = { deadline: Number.POSITIVE_INFINITY, now: () => 0 };

/** The first `count` stored positions with `stones` stones, by move string. */
function storedPositions(stones: number, count: number): Connect4Position[] {
  const positions: Connect4Position[] = [];
  for (const [key] of weakBook().entries()) {
    const moves = movesOfKey(key);
    if (moves?.length === stones) positions.push(Connect4Position.fromMoves(moves));
  }
  return positions.sort((a, b) => a.moves.localeCompare(b.moves)).slice(0, count);
}

describe('the top agent in the win/draw/loss book', () => {
  it("plays the book's column, mirror images too, and shows its value in the trace", () => {
    // the first moves of both seats, and the deepest, where the solver would otherwise run
    const positions = [0, 1, 2, 9, 10].flatMap((stones) => storedPositions(stones, 4));
    expect(positions.length).toBe(1 + 4 + 4 + 4 + 4);
    // the first moves include a drawn position (after 3) and a lost one (after 4)
    expect(positions.map((position) => weakBook().get(position)!.value)).toEqual(
      expect.arrayContaining([1, 0, -1]),
    );
    for (const [index, stored] of positions.entries()) {
      for (const position of [stored, stored.mirror()]) {
        const { column, value } = weakBook().get(position)!;
        const { move, trace } = decide(position.moves, oracle.traits, { seed: index, ...clock });
        expect([position.moves, move]).toEqual([position.moves, column]);
        const shown = trace.candidates.find((candidate) => candidate.move === move)!.score;
        expect(Math.sign(shown)).toBe(value);
        // nothing the book has ruled out looks better than the move played
        const others = trace.candidates.filter((candidate) => candidate.move !== move);
        if (value === -1) expect(others.every((candidate) => candidate.score === shown)).toBe(true);
        if (value === 0) expect(others.every((candidate) => candidate.score <= 0)).toBe(true);
        expect(trace.candidates.length).toBe(position.legalMoves().length);
        // the book decides: no solver search, only a short look at the other columns
        expect(trace.nodes).toBeLessThanOrEqual(200_001);
      }
    }
  }, 60_000);

  it('beats random movers as second player', () => {
    for (const seed of [4, 5]) {
      const random = createRandom(seed);
      const position = new Connect4Position();
      while (position.outcome().status === 'ongoing') {
        const legal = position.legalMoves();
        position.play(
          position.nbMoves % 2 === 1
            ? decideMove(position, oracle.traits)
            : legal[Math.floor(random() * legal.length)]!,
        );
      }
      expect([seed, position.outcome()]).toMatchObject([seed, { status: 'won', winner: 2 }]);
    }
  }, 120_000);

  it('wins every game as first player, whatever the opponent plays', () => {
    // random movers reach lines no built-in agent would, so the book's coverage is what is tested
    const opponents: { name: string; move: (position: Connect4Position) => number }[] = [
      1, 2, 3,
    ].map((seed) => {
      const random = createRandom(seed);
      return {
        name: `random mover ${seed}`,
        move: (position) => {
          const legal = position.legalMoves();
          return legal[Math.floor(random() * legal.length)]!;
        },
      };
    });
    const pip = BUILT_IN_AGENTS.find((agent) => agent.id === 'pip')!.traits;
    opponents.push({ name: 'pip', move: (position) => decideMove(position, pip) });
    for (const opponent of opponents) {
      const position = new Connect4Position();
      while (position.outcome().status === 'ongoing') {
        position.play(
          position.nbMoves % 2 === 0
            ? decideMove(position, oracle.traits)
            : opponent.move(position),
        );
      }
      expect([opponent.name, position.outcome()]).toMatchObject([
        opponent.name,
        { status: 'won', winner: 1 },
      ]);
    }
  }, 120_000);
});

function decideMove(position: Connect4Position, traits: AgentTraits): number {
  return decide(position.moves, traits, { seed: 7, ...clock }).move;
}

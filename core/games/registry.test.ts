import { describe, expect, it } from 'vitest';
import { createRandom } from '#core/agents/random.ts';
import { GAME_IDS } from './gameIds.ts';
import { GAME_NAMES } from './gameNames.ts';
import { GAMES } from './registry.ts';
import { replay } from './replay.ts';

// Every registered game goes through the paths the platform uses, none of them named here.
describe.each(Object.values(GAMES))('$name through the generic paths', (game) => {
  it('plays random games to an outcome that replays from the encoding', () => {
    const random = createRandom(7);
    for (let round = 0; round < 20; round++) {
      let state = game.initial();
      const moves: string[] = [];
      while (game.outcome(state).status === 'ongoing') {
        const legal = game.legalMoves(state);
        expect(legal.length).toBeGreaterThan(0);
        const move = legal[Math.floor(random() * legal.length)]!;
        state = game.play(state, move);
        moves.push(move);
        expect(moves.length).toBeLessThanOrEqual(game.maxPlies);
      }
      expect(game.legalMoves(state)).toEqual([]);
      const encoded = game.encodeMoves(moves);
      expect(game.decodeMoves(encoded)).toEqual(moves);
      const replayed = replay(game, encoded);
      expect(game.outcome(replayed.state)).toEqual(game.outcome(state));
      const outcome = game.outcome(state);
      if (outcome.status === 'finished') {
        for (const cell of outcome.cells) {
          expect(cell).toBeGreaterThanOrEqual(0);
          expect(cell).toBeLessThan(game.cellCount);
        }
      }
    }
  });

  it('refuses a move that is not legal, and a malformed move list', () => {
    expect(() => game.play(game.initial(), 'not a move')).toThrow();
    expect(() => replay(game, '#')).toThrow();
  });

  it('decides a legal move with a readable trace from the start', () => {
    const decision = game.decide(
      [],
      { skill: 3, style: 'balanced', risk: 0.5, thinkTimeMs: 100 },
      {
        seed: 1,
        deadline: Number.POSITIVE_INFINITY,
        now: () => 0,
      },
    );
    expect(game.legalMoves(game.initial())).toContain(decision.move);
    expect(decision.trace.reason.length).toBeGreaterThan(0);
    expect(Math.abs(decision.trace.advantage)).toBeLessThanOrEqual(1);
  });
});

describe('the registry', () => {
  it('holds exactly the ids the protocol names, each under its own id', () => {
    expect(Object.keys(GAMES).sort()).toEqual([...GAME_IDS].sort());
    for (const [id, game] of Object.entries(GAMES)) {
      expect(game.id).toBe(id);
      expect(GAME_NAMES[game.id as keyof typeof GAME_NAMES]).toBe(game.name);
    }
  });
});

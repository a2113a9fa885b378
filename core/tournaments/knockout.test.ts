import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bracketOrder, knockoutBracket } from './knockout.ts';
import { playOut } from './playOut.ts';
import { RecordedGames } from './recordedGames.ts';
import { decideArbitrary, entrantsArbitrary } from './testArbitraries.ts';
import type { GameResult, PlayedGame } from './types.ts';

const seeds = (count: number) =>
  Array.from({ length: count }, (_, index) => ({ id: `s${index + 1}`, rating: 2000 - index }));

describe('knockout', () => {
  it('orders a bracket of eight 1-8, 4-5, 2-7, 3-6', () => {
    expect(bracketOrder(8)).toEqual([1, 8, 4, 5, 2, 7, 3, 6]);
    expect(bracketOrder(1)).toEqual([1]);
  });

  it('always ends with exactly one winner, every stage halving the field', () => {
    fc.assert(
      fc.property(entrantsArbitrary(1, 20), decideArbitrary, (entrants, decide) => {
        const { games } = playOut({ kind: 'knockout' }, entrants, decide);
        const bracket = knockoutBracket(entrants, new RecordedGames(games));
        expect(bracket.champion).not.toBeNull();
        expect(bracket.pending).toEqual([]);
        const places = [...bracket.places.values()];
        expect(places.filter((place) => place === 1)).toHaveLength(1);
        expect(bracket.places.get(bracket.champion ?? '')).toBe(1);
        let slots = 1;
        while (slots < entrants.length) slots *= 2;
        bracket.stages.forEach((stage, index) => {
          expect(stage).toHaveLength(slots / 2 ** (index + 1));
          for (const match of stage) expect(match.winner).not.toBeNull();
        });
        expect(bracket.stages.at(-1)?.length ?? 1).toBe(1);
        // Everyone but the champion went out exactly once, at the place of the stage they lost.
        const losers = bracket.stages.flatMap((stage) =>
          stage.flatMap((match) =>
            match.lowerSeed === null
              ? []
              : [
                  [
                    match.winner === match.higherSeed ? match.lowerSeed : match.higherSeed,
                    stage.length + 1,
                  ],
                ],
          ),
        );
        expect(losers).toHaveLength(entrants.length - 1);
        for (const [id, place] of losers) expect(bracket.places.get(`${id}`)).toBe(place);
      }),
    );
  });

  it('seats every entrant at most once a round, and replays a drawn game with sides swapped', () => {
    fc.assert(
      fc.property(entrantsArbitrary(2, 20), decideArbitrary, (entrants, decide) => {
        const { games, states } = playOut({ kind: 'knockout' }, entrants, decide);
        for (const round of states.at(-1)?.rounds ?? []) {
          const seated = [...round.pairings.flatMap((p) => [p.first, p.second]), ...round.byes];
          expect(new Set(seated).size).toBe(seated.length);
        }
        const bracket = knockoutBracket(entrants, new RecordedGames(games));
        for (const match of bracket.stages.flat()) {
          const [opening, replay, extra] = match.games;
          expect(extra).toBeUndefined();
          if (!opening) {
            expect(match.decidedBy).toBe('bye');
            continue;
          }
          expect(opening.first).toBe(match.higherSeed);
          if (opening.result !== 'draw') {
            expect(replay).toBeUndefined();
            continue;
          }
          expect(replay).toMatchObject({ first: match.lowerSeed, second: match.higherSeed });
          if (replay?.result === 'draw') expect(match.winner).toBe(match.higherSeed);
        }
      }),
    );
  });

  it('gives the byes of a field of five to seeds 1, 2 and 3, and decides a double draw by seed', () => {
    const entrants = seeds(5);
    const results: Record<string, GameResult> = {
      's4-s5': 'draw',
      's5-s4': 'draw', // s4, the higher seed, goes through
      's1-s4': 'second', // s4 beats the top seed
      's2-s3': 'draw',
      's3-s2': 'first', // s3 wins the replay
      's3-s4': 'draw', // s3, the higher seed, moves first in the final
      's4-s3': 'second', // s3 wins the final's replay
    };
    const { games, states } = playOut({ kind: 'knockout' }, entrants, (pairing) => {
      const result = results[`${pairing.first}-${pairing.second}`];
      if (!result) throw new Error(`unexpected game ${pairing.first}-${pairing.second}`);
      return result;
    });
    const rounds = states.at(-1)?.rounds ?? [];
    expect(rounds.map((round) => round.pairings.map((p) => `${p.first}-${p.second}`))).toEqual([
      ['s4-s5'],
      ['s5-s4'],
      ['s1-s4', 's2-s3'],
      ['s3-s2'],
      ['s3-s4'],
      ['s4-s3'],
    ]);
    expect(rounds[0]?.byes).toEqual(['s1', 's2', 's3']);
    const bracket = knockoutBracket(entrants, new RecordedGames(games));
    expect(bracket.champion).toBe('s3');
    expect(bracket.stages[0]?.map((match) => match.decidedBy)).toEqual([
      'bye',
      'higher-seed',
      'bye',
      'bye',
    ]);
    expect(Object.fromEntries(bracket.places)).toEqual({ s1: 3, s2: 3, s3: 1, s4: 2, s5: 5 });
    expect(states.at(-1)?.standings.map((row) => [row.id, row.place])).toEqual([
      ['s3', 1],
      ['s4', 2],
      ['s1', 3],
      ['s2', 3],
      ['s5', 5],
    ]);
  });

  it('names the current round and its unplayed games from a partial record', () => {
    const entrants = seeds(4);
    const partial: PlayedGame[] = [{ round: 1, first: 's1', second: 's4', result: 'first' }];
    const bracket = knockoutBracket(entrants, new RecordedGames(partial));
    expect(bracket.rounds).toHaveLength(1);
    expect(bracket.pending).toEqual([{ first: 's2', second: 's3' }]);
    expect(bracket.champion).toBeNull();
  });
});

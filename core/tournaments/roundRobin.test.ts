import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { roundRobinRounds } from './roundRobin.ts';
import { entrantsArbitrary } from './testArbitraries.ts';

describe('roundRobinRounds', () => {
  it('seats every entrant exactly once a round, at a board or on a bye', () => {
    fc.assert(
      fc.property(entrantsArbitrary(2, 15), (entrants) => {
        for (const round of roundRobinRounds(entrants)) {
          const seated = [...round.pairings.flatMap((p) => [p.first, p.second]), ...round.byes];
          expect(seated.toSorted()).toEqual(entrants.map((entrant) => entrant.id).toSorted());
          expect(round.byes.length).toBe(entrants.length % 2);
        }
      }),
    );
  });

  it('plays every ordered pair exactly once over the event, in 2(n−1) rounds (2n when odd)', () => {
    fc.assert(
      fc.property(entrantsArbitrary(2, 15), (entrants) => {
        const rounds = roundRobinRounds(entrants);
        const evenField = entrants.length + (entrants.length % 2);
        expect(rounds.map((round) => round.number)).toEqual(
          Array.from({ length: 2 * (evenField - 1) }, (_, index) => index + 1),
        );
        const played = rounds.flatMap((round) =>
          round.pairings.map((p) => `${p.first}>${p.second}`),
        );
        const expected = entrants.flatMap((a) =>
          entrants.filter((b) => b !== a).map((b) => `${a.id}>${b.id}`),
        );
        expect(played.toSorted()).toEqual(expected.toSorted());
      }),
    );
  });

  it('gives every entrant of an odd field two byes, and sides that never differ by more than 2', () => {
    fc.assert(
      fc.property(entrantsArbitrary(2, 15), (entrants) => {
        const rounds = roundRobinRounds(entrants);
        for (const { id } of entrants) {
          const byes = rounds.filter((round) => round.byes.includes(id)).length;
          expect(byes).toBe(entrants.length % 2 === 1 ? 2 : 0);
          let balance = 0;
          for (const round of rounds) {
            for (const pairing of round.pairings) {
              if (pairing.first === id) balance++;
              if (pairing.second === id) balance--;
            }
            expect(Math.abs(balance)).toBeLessThanOrEqual(2);
          }
        }
      }),
    );
  });

  it("pairs a field of six as FIDE's Berger table does, then again with sides swapped", () => {
    const entrants = [1, 2, 3, 4, 5, 6].map((seed) => ({ id: `${seed}`, rating: 2000 - seed }));
    const rounds = roundRobinRounds(entrants).map((round) =>
      round.pairings.map((p) => `${p.first}-${p.second}`).toSorted(),
    );
    const berger = [
      ['1-6', '2-5', '3-4'],
      ['6-4', '5-3', '1-2'],
      ['2-6', '3-1', '4-5'],
      ['6-5', '1-4', '2-3'],
      ['3-6', '4-2', '5-1'],
    ];
    const swapped = berger.map((round) => round.map((game) => game.split('-').reverse().join('-')));
    expect(rounds).toEqual([...berger, ...swapped].map((round) => round.toSorted()));
  });

  it('gives the bye of an odd field to whoever Berger pairs with the missing last number', () => {
    const entrants = [1, 2, 3, 4, 5].map((seed) => ({ id: `${seed}`, rating: 2000 - seed }));
    const byes = roundRobinRounds(entrants).map((round) => round.byes);
    expect(byes.slice(0, 5)).toEqual([['1'], ['4'], ['2'], ['5'], ['3']]);
  });

  it('schedules nothing for a field of one or none', () => {
    expect(roundRobinRounds([])).toEqual([]);
    expect(roundRobinRounds([{ id: 'solo', rating: 1500 }])).toEqual([]);
  });
});

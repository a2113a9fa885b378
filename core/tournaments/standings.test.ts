import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { playOut } from './playOut.ts';
import { standings } from './standings.ts';
import { decideArbitrary, entrantsArbitrary } from './testArbitraries.ts';
import type { GameResult, PlayedGame, TournamentFormat } from './types.ts';

const game = (round: number, first: string, second: string, result: GameResult): PlayedGame => ({
  round,
  first,
  second,
  result,
});

describe('standings', () => {
  it('orders by points, then Buchholz, then Sonneborn-Berger, byes scoring a win (checked by hand)', () => {
    // Five entrants, three Swiss rounds, one bye a round; worked out on paper:
    //        points  Buchholz                 Sonneborn-Berger
    //   P1   2       P2 2 + P5 2 + P4 1.5 = 5.5   beat P2 (2) + beat P4 (1.5) = 3.5
    //   P5   2       P1 2 + P3 1.5 = 3.5          beat P1 (2) = 2
    //   P2   2       P1 2 + P3 1.5 = 3.5          beat P3 (1.5) = 1.5
    //   P3   1.5     P4 1.5 + P2 2 + P5 2 = 5.5   drew P4 (0.75) + beat P5 (2) = 2.75
    //   P4   1.5     P3 1.5 + P1 2 = 3.5          drew P3 (0.75) = 0.75
    const entrants = ['P1', 'P2', 'P3', 'P4', 'P5'].map((id, index) => ({
      id,
      rating: 2000 - index,
    }));
    const games = [
      game(1, 'P1', 'P2', 'first'),
      game(1, 'P3', 'P4', 'draw'),
      game(2, 'P5', 'P1', 'first'),
      game(2, 'P3', 'P2', 'second'),
      game(3, 'P1', 'P4', 'first'),
      game(3, 'P3', 'P5', 'first'),
    ];
    const byes = [
      { round: 1, id: 'P5' },
      { round: 2, id: 'P4' },
      { round: 3, id: 'P2' },
    ];
    const table = standings(entrants, games, byes, 2).map((row) => [
      row.id,
      row.place,
      row.halfPoints / 2,
      row.buchholzHalfPoints / 2,
      row.sonnebornBergerQuarterPoints / 4,
    ]);
    expect(table).toEqual([
      ['P1', 1, 2, 5.5, 3.5],
      ['P5', 2, 2, 3.5, 2],
      ['P2', 3, 2, 3.5, 1.5],
      ['P3', 4, 1.5, 5.5, 2.75],
      ['P4', 5, 1.5, 3.5, 0.75],
    ]);
  });

  it("reproduces Sensei's Library's double round robin: level on Buchholz, A ahead on Sonneborn-Berger", () => {
    // Sensei's Library, "Sonneborn-Berger" (also http://www.fiveinline.com/sbps.html, example 1):
    // A and B score 4, C 3, D 1; Sonneborn-Berger A 4+3+3+1 = 11, B 4+3+1+1 = 9, C 4+1+1 = 6,
    // D 4. Each pair meets twice, so Buchholz is twice the sum of the other three's scores:
    // A and B 16, C 18, D 22 (our addition, worked by hand).
    const entrants = ['A', 'B', 'C', 'D'].map((id) => ({ id, rating: 1500 }));
    const won = (round: number, winner: string, loser: string) =>
      game(round, winner, loser, 'first');
    const games = [
      won(1, 'A', 'B'),
      won(1, 'A', 'C'),
      won(1, 'A', 'D'),
      won(1, 'B', 'C'),
      won(1, 'B', 'D'),
      won(1, 'C', 'D'),
      won(2, 'B', 'A'),
      won(2, 'A', 'C'),
      won(2, 'D', 'A'),
      won(2, 'C', 'B'),
      won(2, 'B', 'D'),
      won(2, 'C', 'D'),
    ];
    const table = standings(entrants, games, [], 0).map((row) => [
      row.id,
      row.place,
      row.halfPoints / 2,
      row.buchholzHalfPoints / 2,
      row.sonnebornBergerQuarterPoints / 4,
    ]);
    expect(table).toEqual([
      ['A', 1, 4, 16, 11],
      ['B', 2, 4, 16, 9],
      ['C', 3, 3, 18, 6],
      ['D', 4, 1, 22, 4],
    ]);
  });

  it('shares a place between entrants level on all three, listed by seed', () => {
    const entrants = [
      { id: 'low', rating: 1500 },
      { id: 'high', rating: 1600 },
    ];
    const games = [game(1, 'high', 'low', 'first'), game(2, 'low', 'high', 'first')];
    const table = standings(entrants, games, [], 0);
    expect(table.map((row) => [row.id, row.place, row.seed])).toEqual([
      ['high', 1, 1],
      ['low', 1, 2],
    ]);
  });

  const formats: fc.Arbitrary<TournamentFormat> = fc.oneof(
    fc.constant<TournamentFormat>({ kind: 'round-robin' }),
    fc.integer({ min: 1, max: 6 }).map((rounds): TournamentFormat => ({ kind: 'swiss', rounds })),
    fc.constant<TournamentFormat>({ kind: 'knockout' }),
  );

  it("equal the sum of the results: each entrant's points are its games' and byes' points", () => {
    fc.assert(
      fc.property(
        formats,
        entrantsArbitrary(1, 12),
        decideArbitrary,
        (format, entrants, decide) => {
          const { games, states } = playOut(format, entrants, decide);
          const final = states.at(-1);
          if (!final) throw new Error('no state');
          const byeValue = format.kind === 'swiss' ? 2 : 0;
          for (const row of final.standings) {
            let halfPoints = 0;
            let played = 0;
            for (const { first, second, result } of games) {
              if (first === row.id) halfPoints += { first: 2, draw: 1, second: 0 }[result];
              if (second === row.id) halfPoints += { first: 0, draw: 1, second: 2 }[result];
              if (first === row.id || second === row.id) played++;
            }
            const byes = final.rounds.filter((round) => round.byes.includes(row.id)).length;
            expect(row.byes).toBe(byes);
            expect(row.halfPoints).toBe(halfPoints + byeValue * byes);
            expect(row.wins + row.draws + row.losses).toBe(played);
          }
          const total = final.standings.reduce((sum, row) => sum + row.halfPoints, 0);
          const byeCount = final.standings.reduce((sum, row) => sum + row.byes, 0);
          expect(total).toBe(2 * games.length + byeValue * byeCount);
        },
      ),
    );
  });

  it('lists entrants best first, places never going down the table', () => {
    fc.assert(
      fc.property(entrantsArbitrary(2, 12), decideArbitrary, (entrants, decide) => {
        const final = playOut({ kind: 'swiss', rounds: 4 }, entrants, decide).states.at(-1);
        const table = final?.standings ?? [];
        table.forEach((row, index) => {
          const above = table[index - 1];
          if (!above) {
            expect(row.place).toBe(1);
            return;
          }
          const key = (r: typeof row) => [
            r.halfPoints,
            r.buchholzHalfPoints,
            r.sonnebornBergerQuarterPoints,
          ];
          const [a, b] = [key(above), key(row)];
          const level = a.every((value, i) => value === b[i]);
          expect(row.place).toBe(level ? above.place : index + 1);
          if (level) expect(row.seed).toBeGreaterThan(above.seed);
          else {
            const differing = a.findIndex((value, i) => value !== b[i]);
            expect(a[differing]).toBeGreaterThan(b[differing] ?? 0);
          }
        });
      }),
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { playOut } from './playOut.ts';
import { decideArbitrary, entrantsArbitrary } from './testArbitraries.ts';
import { tournamentState } from './tournamentState.ts';
import type { PlayedGame, TournamentFormat } from './types.ts';

const formatArbitrary: fc.Arbitrary<TournamentFormat> = fc.oneof(
  fc.constant<TournamentFormat>({ kind: 'round-robin' }),
  fc.integer({ min: 1, max: 7 }).map((rounds): TournamentFormat => ({ kind: 'swiss', rounds })),
  fc.constant<TournamentFormat>({ kind: 'knockout' }),
);
const eventArbitrary = fc.record({
  format: formatArbitrary,
  entrants: entrantsArbitrary(1, 12),
  decide: decideArbitrary,
});

describe('tournamentState', () => {
  it('seats every entrant at most once a round, in every format', () => {
    fc.assert(
      fc.property(eventArbitrary, ({ format, entrants, decide }) => {
        const final = playOut(format, entrants, decide).states.at(-1);
        expect(final?.finished).toBe(true);
        for (const round of final?.rounds ?? []) {
          const seated = [...round.pairings.flatMap((p) => [p.first, p.second]), ...round.byes];
          expect(new Set(seated).size).toBe(seated.length);
        }
      }),
    );
  });

  it('after a restart at any point, offers exactly the games of the round under way not yet recorded', () => {
    fc.assert(
      fc.property(eventArbitrary, fc.nat(), ({ format, entrants, decide }, cutSeed) => {
        const { games, states } = playOut(format, entrants, decide);
        const finalRounds = states.at(-1)?.rounds ?? [];
        const cut = games.length === 0 ? 0 : cutSeed % (games.length + 1);
        const recorded = games.slice(0, cut);
        const state = tournamentState(format, entrants, recorded);
        // The rounds so far are the very rounds of the uninterrupted event.
        expect(state.rounds).toEqual(finalRounds.slice(0, state.rounds.length));
        const current = state.rounds.at(-1);
        if (state.finished) {
          expect(cut).toBe(games.length);
          return;
        }
        const stillToPlay = games
          .slice(cut)
          .filter((game) => game.round === current?.number)
          .map(({ first, second }) => ({ first, second }));
        expect(state.pending.toSorted(byBoard)).toEqual(stillToPlay.toSorted(byBoard));
        for (const game of recorded) {
          const offeredAgain = state.pending.some(
            (p) =>
              game.round === current?.number && p.first === game.first && p.second === game.second,
          );
          expect(offeredAgain).toBe(false);
        }
      }),
    );
  });

  it('reads the recorded games in any order', () => {
    fc.assert(
      fc.property(eventArbitrary, fc.nat(), ({ format, entrants, decide }, salt) => {
        const { games, states } = playOut(format, entrants, decide);
        const reordered = games
          .map((game, index) => ({ game, key: (index * 7919 + salt) % 997 }))
          .sort((a, b) => a.key - b.key)
          .map((entry) => entry.game);
        expect(tournamentState(format, entrants, reordered)).toEqual(states.at(-1));
      }),
    );
  });

  it('refuses a game recorded twice, or one the schedule never paired', () => {
    const entrants = ['a', 'b', 'c', 'd'].map((id, index) => ({ id, rating: 2000 - index }));
    const swiss: TournamentFormat = { kind: 'swiss', rounds: 3 };
    const [board] = tournamentState(swiss, entrants, []).pending;
    if (!board) throw new Error('round 1 has no game');
    const played: PlayedGame = { ...board, round: 1, result: 'draw' };
    expect(() =>
      tournamentState(swiss, entrants, [played, { ...played, result: 'first' }]),
    ).toThrow('recorded twice');
    const swapped: PlayedGame = { ...played, first: board.second, second: board.first };
    expect(() => tournamentState(swiss, entrants, [swapped])).toThrow('never paired');
    expect(() => tournamentState(swiss, entrants, [{ ...played, round: 2 }])).toThrow(
      'never paired',
    );
    expect(() =>
      tournamentState({ kind: 'knockout' }, entrants, [{ ...played, round: 9 }]),
    ).toThrow('never paired');
  });

  it('finishes at once with nobody to pair, and refuses a Swiss of no rounds', () => {
    const solo = [{ id: 'solo', rating: 1500 }];
    for (const format of [
      { kind: 'round-robin' },
      { kind: 'swiss', rounds: 3 },
      { kind: 'knockout' },
    ] as const) {
      const state = tournamentState(format, solo, []);
      expect(state.finished).toBe(true);
      expect(state.standings.map((row) => [row.id, row.place])).toEqual([['solo', 1]]);
    }
    expect(() => tournamentState({ kind: 'swiss', rounds: 0 }, solo, [])).toThrow('at least 1');
  });
});

function byBoard(
  a: { first: string; second: string },
  b: { first: string; second: string },
): number {
  return `${a.first}|${a.second}` < `${b.first}|${b.second}` ? -1 : 1;
}

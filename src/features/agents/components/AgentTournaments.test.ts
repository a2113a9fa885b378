import { describe, expect, it } from 'vitest';
import { tournamentPlaceText } from './AgentTournaments.tsx';

const item = (status: 'scheduled' | 'live' | 'finished' | 'cancelled', place: number | null) => ({
  tournament: {
    id: 't',
    game: 'othello' as const,
    format: 'swiss' as const,
    rounds: 3,
    status,
    startsAt: '2026-11-27T12:00:00.000Z',
    entryFee: 0,
    housePrize: 100,
    pool: 100,
    entrants: 8,
    entrantLimit: 16,
    thinkTimeMs: 500,
  },
  place,
});

describe('tournamentPlaceText', () => {
  it('gives the place once settled, else where the tournament stands', () => {
    expect(tournamentPlaceText(item('finished', 2))).toBe('2nd of 8');
    expect(tournamentPlaceText(item('live', null))).toBe('Playing, 8 entrants');
    expect(tournamentPlaceText(item('scheduled', null))).toBe('Entered, 8 so far');
    expect(tournamentPlaceText(item('cancelled', null))).toBe('Cancelled');
  });
});

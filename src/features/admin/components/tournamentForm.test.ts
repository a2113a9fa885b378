import { describe, expect, it } from 'vitest';
import { localDateTime, newTournamentDraft, tournamentBodyOf } from './tournamentForm.ts';

const now = new Date(2026, 10, 27, 21, 5, 30);
const draft = newTournamentDraft(now);

describe('the admin’s tournament form', () => {
  it('starts as a Swiss of five an hour ahead, and sends the start in UTC', () => {
    expect(draft.startsAt).toBe('2026-11-27T22:05');
    const checked = tournamentBodyOf(draft);
    expect(checked).toEqual({
      body: {
        game: 'connect4',
        format: 'swiss',
        rounds: 5,
        startsAt: new Date(2026, 10, 27, 22, 5).toISOString(),
        entryFee: 10,
        housePrize: 100,
        entrantLimit: 16,
        thinkTimeMs: 1000,
        prizeTable: [70, 30],
      },
    });
  });

  it('sends no rounds for a round robin or a knockout', () => {
    const checked = tournamentBodyOf({ ...draft, format: 'knockout', rounds: 'x' });
    expect(checked).toMatchObject({ body: { format: 'knockout' } });
    expect('body' in checked && 'rounds' in checked.body).toBe(false);
  });

  it.each([
    [{ startsAt: '' }, 'Give the start as a date and time.'],
    [{ entryFee: '' }, 'The entry fee must be a whole number.'],
    [{ entryFee: '2.5' }, 'The entry fee must be a whole number.'],
    [{ housePrize: '-5' }, 'The house prize must be a whole number.'],
    [{ entrantLimit: 'ten' }, 'The entrant limit must be a whole number.'],
    [{ thinkTimeMs: '1e3' }, 'The think-time limit must be a whole number.'],
    [{ rounds: '' }, 'The number of rounds must be a whole number.'],
    [{ prizeTable: '70, lots' }, 'Prize shares are whole numbers, separated by commas.'],
  ])('refuses %j with a sentence', (change, error) => {
    expect(tournamentBodyOf({ ...draft, ...change })).toEqual({ error });
  });

  it('leaves ranges and the prize table’s rules to the server', () => {
    expect(tournamentBodyOf({ ...draft, entrantLimit: '1', prizeTable: '' })).toMatchObject({
      body: { entrantLimit: 1, prizeTable: [] },
    });
  });

  it('writes a local date and time to the minute', () => {
    expect(localDateTime(new Date(2027, 0, 2, 3, 4, 59))).toBe('2027-01-02T03:04');
  });
});

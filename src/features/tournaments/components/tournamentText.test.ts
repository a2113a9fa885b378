import { describe, expect, it } from 'vitest';
import { placeText } from '#core/format/place.ts';
import { tournamentTitle } from '#core/tournaments/tournamentTitle.ts';
import {
  formatText,
  gameResultText,
  halfPointsText,
  quarterPointsText,
  tournamentStartsInText,
} from './tournamentText.ts';

describe('tournament texts', () => {
  it('writes a game as a crosstable does, from the first mover’s side', () => {
    expect(
      [
        { matchId: 'm', result: 'first' as const },
        { matchId: 'm', result: 'second' as const },
        { matchId: 'm', result: 'draw' as const },
        { matchId: 'm', result: null },
        { matchId: null, result: null },
      ].map(gameResultText),
    ).toEqual(['1–0', '0–1', '½–½', 'Playing', 'Not started']);
  });

  it('writes scores with fractions as people do', () => {
    expect([0, 1, 2, 5, 8].map(halfPointsText)).toEqual(['0', '½', '1', '2½', '4']);
    expect([0, 1, 3, 5, 10, 15].map(quarterPointsText)).toEqual(['0', '¼', '¾', '1¼', '2½', '3¾']);
  });

  it('writes places in English, the teens included', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 111].map(placeText)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '23rd',
      '111th',
    ]);
  });

  it('counts down at the scale that matters', () => {
    const start = Date.UTC(2026, 10, 27, 20, 0, 0);
    const startsIn = (msAhead: number) => tournamentStartsInText(start, start - msAhead);
    expect(startsIn(0)).toBe('any moment now');
    expect(startsIn(-5_000)).toBe('any moment now');
    expect(startsIn(40_000)).toBe('in 40 s');
    expect(startsIn(12 * 60_000)).toBe('in 12 min');
    expect(startsIn((4 * 60 + 5) * 60_000)).toBe('in 4 h 05 min');
    expect(startsIn((51 * 60 + 30) * 60_000)).toBe('in 2 d 3 h');
  });

  it('names a tournament by its game and format, and a Swiss by its rounds', () => {
    expect(tournamentTitle({ game: 'othello', format: 'swiss' })).toBe('Othello Swiss');
    expect(formatText({ format: 'swiss', rounds: 5 })).toBe('Swiss, 5 rounds');
    expect(formatText({ format: 'swiss', rounds: 1 })).toBe('Swiss, 1 round');
    expect(formatText({ format: 'round-robin', rounds: null })).toBe('Round robin');
  });
});

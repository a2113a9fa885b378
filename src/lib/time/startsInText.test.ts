import { describe, expect, it } from 'vitest';
import { startsInText } from './startsInText.ts';

const START = Date.UTC(2026, 10, 25, 12, 0, 0);

describe('startsInText', () => {
  it('counts whole seconds up, so a countdown never shows 0 before the time', () => {
    expect(startsInText(START, START - 30_000)).toBe('in 30 s');
    expect(startsInText(START, START - 29_001)).toBe('in 30 s');
    expect(startsInText(START, START - 1)).toBe('in 1 s');
  });

  it('shows minutes and padded seconds from a minute on', () => {
    expect(startsInText(START, START - 60_000)).toBe('in 1 min 00 s');
    expect(startsInText(START, START - 125_000)).toBe('in 2 min 05 s');
  });

  it('says any moment now once the time has come or passed', () => {
    expect(startsInText(START, START)).toBe('any moment now');
    expect(startsInText(START, START + 4_000)).toBe('any moment now');
  });
});

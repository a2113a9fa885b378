import { describe, expect, it } from 'vitest';
import { chancesLabel, chancesPhrase } from './chancesText.ts';

describe('chancesText', () => {
  it('reads a heuristic advantage as the mover’s winning chances', () => {
    expect(chancesLabel({ score: 12, advantage: 0.28 })).toBe('64%');
    expect(chancesPhrase({ score: 12, advantage: 0.28 })).toBe('winning chances 64%');
    expect(chancesLabel({ score: -40, advantage: -0.6 })).toBe('20%');
  });

  it('reads a proven score as the result with perfect play', () => {
    expect(chancesPhrase({ score: 5, advantage: 1, proven: true })).toBe('won with perfect play');
    expect(chancesPhrase({ score: -3, advantage: -1, proven: true })).toBe(
      'lost with perfect play',
    );
    expect(chancesPhrase({ score: 0, advantage: 0, proven: true })).toBe(
      'a draw with perfect play',
    );
    expect(chancesLabel({ score: 0, advantage: 0, proven: true })).toBe('drawn');
  });

  it('keeps the engine’s own score for moves stored before chances', () => {
    expect(chancesPhrase({ score: 246 })).toBe('evaluation +246');
    expect(chancesLabel({ score: 5000 })).toBe('winning');
  });

  // A move played on instinct showed "(–)" in the move list, which told a watcher nothing.
  it('says a move played without a search was not searched, in the list and the caption', () => {
    expect(chancesLabel(null)).toBe('not searched');
    expect(chancesPhrase(null)).toBe('not searched');
  });
});

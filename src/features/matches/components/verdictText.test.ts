import { describe, expect, it } from 'vitest';
import { verdictSentence } from './verdictText.ts';

const names = ['Oracle', 'Vega'] as const;

describe('verdictSentence', () => {
  it('says who wins at which move, and what the better column kept', () => {
    expect(
      verdictSentence(
        'connect4',
        {
          grade: 'blunder',
          exact: true,
          unit: 'plies',
          best: { result: 'win', by: 9 },
          played: { result: 'loss', by: 4 },
          better: '5',
        },
        11,
        names,
      ),
    ).toBe(
      'Blunder: Vega wins at move 14 with perfect play; column 5 kept Oracle wins at move 19.',
    );
  });

  it('counts discs in Othello and draws in words', () => {
    const best = { result: 'win', by: 6 } as const;
    const verdict = { grade: 'best', exact: true, unit: 'discs', best, played: best } as const;
    expect(verdictSentence('othello', verdict, 45, names)).toBe(
      'Best move: Oracle ends 6 discs ahead with perfect play.',
    );
    const draw = { result: 'draw', by: 0 } as const;
    expect(
      verdictSentence(
        'othello',
        { ...verdict, grade: 'mistake', played: draw, better: 'a1' },
        45,
        names,
      ),
    ).toBe('Mistake: a draw with perfect play; a1 kept Oracle ends 6 discs ahead.');
  });

  it('reads a verdict from winning chances in percent', () => {
    const verdict = {
      grade: 'mistake',
      exact: false,
      unit: 'chances',
      best: 62,
      played: 41,
    } as const;
    expect(verdictSentence('othello', { ...verdict, better: 'c6' }, 12, names)).toBe(
      "Mistake: Oracle's winning chances 41%; c6 kept 62%.",
    );
    expect(verdictSentence('checkers', { ...verdict, grade: 'best', played: 62 }, 12, names)).toBe(
      "Best move: Oracle's winning chances 62%.",
    );
  });

  it('says how far the search of a chances verdict looked, where it recorded it', () => {
    const verdict = {
      grade: 'mistake',
      exact: false,
      unit: 'chances',
      best: 62,
      played: 41,
      depth: 11,
    } as const;
    expect(verdictSentence('othello', { ...verdict, better: 'c6' }, 12, names)).toBe(
      "Mistake: Oracle's winning chances 41%; c6 kept 62% (searched 11 moves ahead).",
    );
    expect(verdictSentence('connect4', { ...verdict, grade: 'best', depth: 1 }, 3, names)).toBe(
      "Best move: Oracle's winning chances 41% (searched 1 move ahead).",
    );
  });
});

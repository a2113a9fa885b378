import { describe, expect, it } from 'vitest';
import type { MoveVerdictData } from '#core/protocol/moveVerdict.ts';
import { withLateVerdicts } from './lateVerdicts.ts';

const good: MoveVerdictData = {
  grade: 'good',
  exact: false,
  unit: 'chances',
  best: 52,
  played: 47,
  better: '4',
};
const blunder: MoveVerdictData = { ...good, grade: 'blunder', played: 12 };

describe('late verdicts', () => {
  it('sets each verdict on the turn of its ply, leaving the turns that have one', () => {
    const turns = [{ ply: 1, verdict: good }, { ply: 2 }, { ply: 3 }];
    const late = new Map([
      [1, { verdict: blunder }],
      [2, { verdict: blunder }],
      [9, { verdict: good }],
    ]);
    expect(withLateVerdicts(turns, late)).toEqual([
      { ply: 1, verdict: good },
      { ply: 2, verdict: blunder },
      { ply: 3 },
    ]);
    // the turns themselves are left as they were
    expect(turns[1]).toEqual({ ply: 2 });
  });

  it('gives back the same turns when no verdict came late', () => {
    const turns = [{ ply: 1 }];
    expect(withLateVerdicts(turns, new Map())).toBe(turns);
  });

  it('lets an exact verdict take the place of one from winning chances, never the reverse', () => {
    const exact: MoveVerdictData = {
      grade: 'best',
      exact: true,
      unit: 'discs',
      best: { result: 'win', by: 6 },
      played: { result: 'win', by: 6 },
    };
    const turns = [
      { ply: 1, verdict: good },
      { ply: 2, verdict: exact },
    ];
    const late = new Map([
      [1, { verdict: exact }],
      [2, { verdict: blunder }],
    ]);
    expect(withLateVerdicts(turns, late)).toEqual([
      { ply: 1, verdict: exact },
      { ply: 2, verdict: exact },
    ]);
  });

  it("lets a deeper search's verdict take the place of a shallower one's, not of as deep a one", () => {
    const at = (depth: number | undefined, verdict: MoveVerdictData = good) =>
      depth === undefined ? verdict : { ...verdict, depth };
    const turns = [
      { ply: 1, verdict: at(6) },
      { ply: 2, verdict: at(9) },
      { ply: 3, verdict: at(undefined) },
    ];
    const late = new Map([
      [1, { verdict: at(11, blunder) }],
      [2, { verdict: at(9, blunder) }],
      [3, { verdict: at(4, blunder) }],
    ]);
    expect(withLateVerdicts(turns, late)).toEqual([
      { ply: 1, verdict: at(11, blunder) },
      { ply: 2, verdict: at(9) },
      { ply: 3, verdict: at(4, blunder) },
    ]);
  });
});

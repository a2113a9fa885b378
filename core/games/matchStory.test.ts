import { describe, expect, it } from 'vitest';
import { type JudgedTurn, matchStory } from './matchStory.ts';
import type { ExactValue, VerdictGrade } from './verdict.ts';

const win = (by: number): ExactValue => ({ result: 'win', by });
const loss = (by: number): ExactValue => ({ result: 'loss', by });
const draw: ExactValue = { result: 'draw', by: 0 };

function judged(
  ply: number,
  grade: VerdictGrade,
  best: ExactValue,
  played: ExactValue,
  unit: 'plies' | 'discs' = 'plies',
): JudgedTurn {
  return { ply, verdict: { grade, unit, best, played } };
}

describe('matchStory', () => {
  it('says nothing of a match with no verdicts', () => {
    const story = matchStory([{ ply: 1 }, { ply: 2 }, { ply: 3 }]);
    expect(story.accuracy).toEqual([
      { judged: 0, accurate: 0, percent: null },
      { judged: 0, accurate: 0, percent: null },
    ]);
    expect(story.turningPoint).toBeNull();
    expect(story.biggestMistake).toBeNull();
  });

  it('counts best and good moves of each side among its judged ones', () => {
    const story = matchStory([
      judged(1, 'best', win(9), win(9)),
      judged(2, 'good', loss(8), loss(6)),
      judged(3, 'mistake', win(7), draw),
      { ply: 4 },
      judged(5, 'best', draw, draw),
      judged(6, 'blunder', draw, loss(3)),
      judged(7, 'best', win(2), win(2)),
    ]);
    // First player: plies 1, 3, 5, 7 judged, 3 kept the value; second: plies 2 and 6, 1 kept it.
    expect(story.accuracy).toEqual([
      { judged: 4, accurate: 3, percent: 75 },
      { judged: 2, accurate: 1, percent: 50 },
    ]);
  });

  it('takes the last change of result as the turning point and the gravest move as the biggest mistake', () => {
    const story = matchStory([
      judged(9, 'blunder', win(11), loss(10)),
      judged(12, 'mistake', win(9), draw),
      judged(15, 'good', win(6), win(4)),
    ]);
    expect(story.turningPoint).toEqual({ ply: 12, grade: 'mistake' });
    expect(story.biggestMistake).toEqual({ ply: 9, grade: 'blunder' });
  });

  it('between equally grave moves, picks the one that gave away most', () => {
    // Discs: from +10 to -2 gives away 12; from +4 to -20 gives away 24.
    const discs = matchStory([
      judged(40, 'blunder', win(10), loss(2), 'discs'),
      judged(47, 'blunder', win(4), loss(20), 'discs'),
      judged(52, 'blunder', draw, loss(2), 'discs'),
    ]);
    expect(discs.biggestMistake).toEqual({ ply: 47, grade: 'blunder' });
    expect(discs.turningPoint).toEqual({ ply: 52, grade: 'blunder' });
    // Plies: losing at once (loss in 1) gives away more than losing in 15, from the same draw.
    const plies = matchStory([
      judged(10, 'blunder', draw, loss(15)),
      judged(20, 'blunder', draw, loss(1)),
    ]);
    expect(plies.biggestMistake).toEqual({ ply: 20, grade: 'blunder' });
  });

  it('keeps the first of equal mistakes', () => {
    const story = matchStory([
      judged(3, 'mistake', win(20), draw),
      judged(5, 'mistake', win(20), draw),
    ]);
    expect(story.biggestMistake).toEqual({ ply: 3, grade: 'mistake' });
    expect(story.turningPoint).toEqual({ ply: 5, grade: 'mistake' });
  });

  it('finds no turning point when the errors kept the result', () => {
    const story = matchStory([
      judged(4, 'inaccuracy', win(7), win(3), 'discs'),
      judged(8, 'good', loss(2), loss(6), 'discs'),
    ]);
    expect(story.turningPoint).toBeNull();
    expect(story.biggestMistake).toEqual({ ply: 4, grade: 'inaccuracy' });
  });

  it('reads verdicts from winning chances: a fall below even turns the game, exact ones weigh more', () => {
    const chances = (ply: number, grade: VerdictGrade, best: number, played: number) => ({
      ply,
      verdict: { grade, unit: 'chances' as const, best, played },
    });
    const story = matchStory([
      chances(3, 'mistake', 70, 48),
      chances(6, 'blunder', 90, 55),
      chances(9, 'inaccuracy', 40, 28),
    ]);
    // ply 3 took its mover from 70% to 48%; ply 9 stayed below even, ply 6 above it
    expect(story.turningPoint).toEqual({ ply: 3, grade: 'mistake' });
    expect(story.biggestMistake).toEqual({ ply: 6, grade: 'blunder' });
    const mixed = matchStory([chances(2, 'mistake', 95, 70), judged(5, 'mistake', win(9), draw)]);
    expect(mixed.biggestMistake).toEqual({ ply: 5, grade: 'mistake' });
  });
});

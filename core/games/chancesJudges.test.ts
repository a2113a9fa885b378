import { describe, expect, it } from 'vitest';
import { judgeCheckersByChances } from './checkers/chancesJudge.ts';
import { pathNotation } from './checkers/paths.ts';
import { legalPaths, playMove, replay } from './checkers/state.ts';
import { judgeConnect4ByChances } from './connect4/chancesJudge.ts';
import { judgeOthelloByChances } from './othello/chancesJudge.ts';
import { gameOf } from './registry.ts';
import { gradeOfChances, VERDICT_GRADES } from './verdict.ts';

const noClock = { deadline: Number.POSITIVE_INFINITY, now: () => 0 };
const worse = (grade: string, than: string) =>
  VERDICT_GRADES.indexOf(grade as never) > VERDICT_GRADES.indexOf(than as never);

describe('gradeOfChances', () => {
  it('grades by the drop in chances, and never a kept value below good', () => {
    expect(gradeOfChances(60, 60, true)).toBe('best');
    expect(gradeOfChances(60, 52, false)).toBe('good');
    expect(gradeOfChances(60, 50, false)).toBe('inaccuracy');
    expect(gradeOfChances(60, 40, false)).toBe('mistake');
    expect(gradeOfChances(60, 30, false)).toBe('blunder');
  });
});

describe('verdicts from winning chances', () => {
  it('Connect Four: leaving an open three unplayed throws the win away', () => {
    // Red has 4 and 5 on the bottom row, Yellow above: 3 or 6 makes three with both ends open
    const kept = judgeConnect4ByChances('4455', 6, noClock);
    expect(kept).toMatchObject({ grade: 'best', exact: false, unit: 'chances', best: 100 });
    const thrown = judgeConnect4ByChances('4455', 1, noClock);
    expect(thrown?.grade).toBe('blunder');
    expect(['3', '6']).toContain(thrown?.better);
    expect(thrown!.played).toBeLessThan(thrown!.best);
  });

  it('Othello: the X-square beside an open corner is graded down, the quiet move is not', () => {
    const line = 'c4 e3 f2 c5 e6 g1 b5 f4 c3 b6'.split(' ');
    const xSquare = judgeOthelloByChances(line, 'b7', noClock);
    expect(worse(xSquare!.grade, 'good')).toBe(true);
    expect(xSquare?.better).toBeDefined();
    expect(judgeOthelloByChances(line, xSquare!.better!, noClock)?.grade).toBe('best');
    expect(judgeOthelloByChances(line, 'pass', noClock)).toBeNull();
  });

  it('checkers: a move that leaves a man to be taken is a mistake or worse', () => {
    const moves = '11-15 24-19 15x24 28x19 7-11 22-18 11-15 18x11 8x15x24 27x20 10-15 31-27'.split(
      ' ',
    );
    const state = replay(moves);
    for (const path of legalPaths(state)) {
      const move = pathNotation(path);
      const verdict = judgeCheckersByChances(moves, move, noClock)!;
      const hangs = legalPaths(playMove(state, move)).some((reply) => reply.captured !== 0);
      // what the opponent can take is read from the rules here, not from the judge
      if (hangs) expect(worse(verdict.grade, 'inaccuracy')).toBe(true);
      else expect(worse(verdict.grade, 'inaccuracy')).toBe(false);
    }
  });

  it('searches nothing where the match is paced too fast for it', () => {
    const hurried = { deadline: 50, now: () => 0 };
    expect(judgeConnect4ByChances('4455', 1, hurried)).toBeNull();
    expect(judgeOthelloByChances(['f5'], 'd6', hurried)).toBeNull();
    expect(judgeCheckersByChances(['11-15'], '23-19', hurried)).toBeNull();
  });

  it('each game judges every move: exact where solved, by chances before', () => {
    const opening = gameOf('othello').judge?.(['f5'], 'd6', noClock);
    expect(opening).toMatchObject({ exact: false, unit: 'chances' });
    const checkers = gameOf('checkers').judge?.(['11-15'], '23-19', noClock);
    expect(checkers).toMatchObject({ exact: false, unit: 'chances' });
    const connect4 = gameOf('connect4').judge?.(['4', '4', '5', '5'], '1', noClock);
    expect(connect4?.grade).toBe('blunder');
  });

  it('checkers: the only move is judged the best, with its chances', () => {
    const moves = ['11-15', '24-19'];
    const only = legalPaths(replay(moves)).map(pathNotation);
    expect(only).toEqual(['15x24']);
    expect(gameOf('checkers').judge?.(moves, '15x24', noClock)).toMatchObject({
      grade: 'best',
      exact: false,
      unit: 'chances',
    });
  });
});

describe('a deeper chances verdict, judged after its move', () => {
  const positions = [
    ['connect4', ['4', '4', '3', '5'], '2'],
    ['othello', 'c4 e3 f2 c5 e6 g1 b5 f4 c3 b6'.split(' '), 'b7'],
    ['checkers', ['11-15', '23-19', '8-11'], '22-17'],
  ] as const;

  it.each(positions)(
    '%s: searches to the depth asked for, past the live budget, and says so',
    (game, moves, move) => {
      const judge = gameOf(game).judge!;
      const live = judge([...moves], move, noClock);
      expect(live).toMatchObject({ exact: false, unit: 'chances' });
      const liveDepth = (live as { depth: number }).depth;
      expect(liveDepth).toBeGreaterThan(0);

      const depth = liveDepth + 2;
      const deeper = judge([...moves], move, {
        ...noClock,
        chancesNodes: 100_000_000,
        chancesDepth: depth,
      });
      expect(deeper).toMatchObject({ exact: false, unit: 'chances', depth });
    },
  );
});

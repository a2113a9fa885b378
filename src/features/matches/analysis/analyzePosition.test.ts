import { describe, expect, it } from 'vitest';
import { analyzeColumns } from '#core/games/connect4/analyzeColumns.ts';
import { Connect4Position } from '#core/games/connect4/position.ts';
import { Solver } from '#core/games/connect4/solver.ts';
import { type AnalysisReply, parseAnalysisReply } from './analysisMessages.ts';
import { analyzePosition, columnVerdict } from './analyzePosition.ts';
import { bestColumnsText, verdictText } from './verdictText.ts';

const solver = new Solver({ log2TableSize: 20 });

/** Every reply the handler posts for `request`, each checked against the page's schema. */
function repliesTo(request: unknown): AnalysisReply[] {
  const replies: AnalysisReply[] = [];
  analyzePosition(request, solver, (reply) => {
    const checked = parseAnalysisReply(reply);
    if (checked === null) throw new Error(`not a valid reply: ${JSON.stringify(reply)}`);
    replies.push(checked);
  });
  return replies;
}

describe('analyzePosition (the analysis worker without the worker)', () => {
  it('posts each column as it is solved, then every verdict and the best columns', () => {
    const moves = '3133577417651455562354437434';
    const replies = repliesTo({ type: 'analyze', moves });
    const position = Connect4Position.fromMoves(moves);
    solver.resetTable();
    const scores = analyzeColumns(solver, position);
    const verdicts = scores.map((score, index) => columnVerdict(index + 1, score, moves.length));
    expect(replies.slice(0, 7)).toEqual(
      verdicts.map((verdict, index) => ({ type: 'column', moves, verdict, done: index + 1 })),
    );
    const result = replies[7];
    expect(replies).toHaveLength(8);
    expect(result).toMatchObject({ type: 'result', moves, columns: verdicts });
    const best = Math.max(...scores.map((score) => score ?? -100));
    expect(result?.type === 'result' && result.best).toEqual(
      scores.flatMap((score, index) => (score === best ? [index + 1] : [])),
    );
    expect(verdicts.filter((verdict) => verdict.outcome === 'full').length).toBeGreaterThan(0);
  });

  it('counts the winner’s moves, this one included when the mover wins', () => {
    // The mover's 4, 5 and 6 on the bottom row: 3 and 7 win now, any other column next move.
    const result = repliesTo({ type: 'analyze', moves: '445566' }).at(-1);
    expect(result).toMatchObject({
      type: 'result',
      best: [3, 7],
      columns: [1, 2, 3, 4, 5, 6, 7].map((column) => ({
        column,
        outcome: 'win',
        moves: column === 3 || column === 7 ? 1 : 2,
      })),
    });
    // Losses count the opponent's moves: after 121212 (three in a column each, the first player
    // to move) a stray column lets the second player's 4th stone win (score -18); blocking its
    // column loses to its 19th (score -3). For the second player to move the stones are counted
    // the other way round.
    expect(columnVerdict(3, -18, 6)).toEqual({ column: 3, outcome: 'loss', moves: 1 });
    expect(columnVerdict(2, -3, 6)).toEqual({ column: 2, outcome: 'loss', moves: 16 });
    expect(columnVerdict(1, 18, 7)).toEqual({ column: 1, outcome: 'win', moves: 1 });
    expect(columnVerdict(3, -17, 7)).toEqual({ column: 3, outcome: 'loss', moves: 1 });
  });

  it('gives draws, full columns and every best column', () => {
    // A drawn game (solver.test.ts) four moves before its end: three columns left, all drawn.
    const moves = '12567777144562256277553341563324344616';
    const result = repliesTo({ type: 'analyze', moves }).at(-1);
    expect(result?.type === 'result' && result.columns.map((verdict) => verdict.outcome)).toEqual([
      'draw',
      'draw',
      'draw',
      'full',
      'full',
      'full',
      'full',
    ]);
    expect(result?.type === 'result' && result.best).toEqual([1, 2, 3]);
  });

  it('answers an error, not a throw, for a finished game, a bad move list or a stray message', () => {
    expect(repliesTo({ type: 'analyze', moves: '1212121' })).toEqual([
      {
        type: 'error',
        moves: '1212121',
        message: 'The game is over: there is nothing to analyze.',
      },
    ]);
    for (const request of [{ type: 'analyze', moves: '48' }, 'analyze', null, { moves: '44' }]) {
      expect(repliesTo(request)).toEqual([
        { type: 'error', moves: '', message: 'The analysis was asked for an unknown position.' },
      ]);
    }
    // Digits that pass the schema but overfill a column.
    expect(repliesTo({ type: 'analyze', moves: '1111111' })[0]).toMatchObject({
      type: 'error',
      moves: '1111111',
    });
  });
});

describe('parseAnalysisReply (the page side of the boundary)', () => {
  it('refuses what is not a whole, well-formed reply', () => {
    const verdict = { column: 4, outcome: 'win', moves: 2 };
    expect(parseAnalysisReply({ type: 'column', moves: '44', verdict, done: 1 })).not.toBeNull();
    for (const data of [
      null,
      'result',
      { type: 'progress', moves: '44' },
      { type: 'column', moves: '44', verdict: { ...verdict, column: 8 }, done: 1 },
      { type: 'column', moves: '40', verdict, done: 1 },
      { type: 'result', moves: '44', columns: [verdict], best: [4], nodes: 10 },
      { type: 'error', moves: '44' },
    ]) {
      expect(parseAnalysisReply(data)).toBeNull();
    }
  });
});

describe('verdict text', () => {
  it('says each outcome in words, singular and plural', () => {
    expect(verdictText({ column: 1, outcome: 'win', moves: 1 })).toBe('win in 1 move');
    expect(verdictText({ column: 1, outcome: 'loss', moves: 4 })).toBe('loss in 4 moves');
    expect(verdictText({ column: 1, outcome: 'draw' })).toBe('draw');
    expect(verdictText({ column: 1, outcome: 'full' })).toBe('full');
    expect(bestColumnsText([4])).toBe('column 4');
    expect(bestColumnsText([3, 5])).toBe('columns 3 and 5');
    expect(bestColumnsText([2, 4, 6])).toBe('columns 2, 4 and 6');
  });
});

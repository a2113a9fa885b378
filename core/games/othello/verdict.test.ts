import { describe, expect, it } from 'vitest';
import {
  discCounts,
  isOver,
  legalMoves,
  legalSquares,
  type OthelloState,
  playMove,
  playSquare,
} from './position.ts';
import { randomGame } from './testPositions.ts';
import { judgeOthello } from './verdict.ts';

const options = { deadline: Number.POSITIVE_INFINITY, now: () => 0 };

/**
 * The final disc margin for the side to move with perfect play, by a plain minimax over every
 * continuation (the empty squares go to the winner): the oracle the solver is judged by.
 */
function minimax(state: OthelloState): number {
  if (isOver(state)) {
    const { mover, other } = discCounts(state);
    const empties = 64 - mover - other;
    return mover > other ? mover - other + empties : mover < other ? mover - other - empties : 0;
  }
  const squares = legalSquares(state);
  if (squares.length === 0) return -minimax(playSquare(state, -1));
  return Math.max(...squares.map((square) => -minimax(playSquare(state, square))));
}

function expectedGrade(best: number, played: number): string {
  if (played === best) return 'best';
  if (Math.sign(played) === Math.sign(best)) return 'good';
  return best > 0 && played === 0 ? 'mistake' : 'blunder';
}

function asValue(margin: number) {
  return { result: margin > 0 ? 'win' : margin < 0 ? 'loss' : 'draw', by: Math.abs(margin) };
}

// The minimax oracle walks every continuation: seconds on a loaded machine.
describe('judgeOthello', { timeout: 60_000 }, () => {
  it('agrees with a plain minimax on every move of random endgames', () => {
    let judged = 0;
    for (let seed = 1; seed <= 12; seed++) {
      const { moves, state } = randomGame(seed, 8);
      const legal = legalMoves(state);
      const values = legal.map((move) => -minimax(playMove(state, move)));
      const best = Math.max(...values);
      legal.forEach((move, index) => {
        const verdict = judgeOthello(moves, move, options);
        const played = values[index]!;
        expect(verdict?.grade).toBe(expectedGrade(best, played));
        expect(verdict?.best).toEqual(asValue(best));
        expect(verdict?.played).toEqual(asValue(played));
        if (played === best) expect(verdict?.better).toBeUndefined();
        else expect(values[legal.indexOf(verdict?.better ?? '')]).toBe(best);
        judged++;
      });
    }
    expect(judged).toBeGreaterThan(20);
  });

  it('judges a forced pass as the best move, with the position value', () => {
    for (let seed = 1; seed <= 400; seed++) {
      const { moves, state } = randomGame(seed, 8);
      if (legalMoves(state)[0] !== 'pass') continue;
      const value = -minimax(playMove(state, 'pass'));
      expect(judgeOthello(moves, 'pass', options)).toMatchObject({
        grade: 'best',
        best: asValue(value),
        played: asValue(value),
      });
      return;
    }
    throw new Error('no pass among the random endgames');
  });

  it('judges from 20 empties on, within its budget', () => {
    const at20 = randomGame(17, 20);
    expect(64 - discCounts(at20.state).mover - discCounts(at20.state).other).toBe(20);
    expect(judgeOthello(at20.moves, legalMoves(at20.state)[0]!, options)).not.toBeNull();
    const at21 = randomGame(3, 21);
    expect(judgeOthello(at21.moves, legalMoves(at21.state)[0]!, options)).toBeNull();
  });

  it('leaves illegal moves and finished games unjudged', () => {
    const { moves, state } = randomGame(5, 10);
    const illegal = ['a1', 'h8', 'd4'].find((square) => !legalMoves(state).includes(square))!;
    expect(judgeOthello(moves, illegal, options)).toBeNull();
    const finished = randomGame(5, 0);
    expect(judgeOthello(finished.moves, 'pass', options)).toBeNull();
  });
});

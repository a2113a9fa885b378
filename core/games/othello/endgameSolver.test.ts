import { describe, expect, it } from 'vitest';
import { EndgameSolver } from './endgameSolver.ts';
import { finalScore } from './finalScore.ts';
import { parseObf } from './obf.ts';
import { legalSquares, type OthelloState, playSquare } from './position.ts';
import { randomGame } from './testPositions.ts';
import { WasmEndgameSolver } from './wasmEndgameSolver.ts';

/**
 * The rules' score of a finished game for the side to move, counted square by square from the
 * board and not through `finalScore`: disc difference, the empty squares going to the winner
 * (none on a draw), as in tournament scoring and the FFO scores.
 */
function scoreOfFinishedGame(state: OthelloState, emptiesToWinner = true): number {
  let mine = 0;
  let theirs = 0;
  for (let square = 0; square < 64; square++) {
    const [own, other] = square < 32 ? [state.pLo, state.oLo] : [state.pHi, state.oHi];
    if ((own >>> (square % 32)) & 1) mine++;
    else if ((other >>> (square % 32)) & 1) theirs++;
  }
  const empties = emptiesToWinner ? 64 - mine - theirs : 0;
  if (mine > theirs) return mine - theirs + empties;
  if (mine < theirs) return mine - theirs - empties;
  return 0;
}

/** Plain negamax over the rules, no pruning: the reference the solver must agree with. */
function minimax(state: OthelloState, emptiesToWinner = true): number {
  const squares = legalSquares(state);
  if (squares.length === 0) {
    const after = playSquare(state, -1);
    if (legalSquares(after).length > 0) return -minimax(after, emptiesToWinner);
    return scoreOfFinishedGame(state, emptiesToWinner);
  }
  let best = -65;
  for (const square of squares)
    best = Math.max(best, -minimax(playSquare(state, square), emptiesToWinner));
  return best | 0;
}

// Games that end with empty squares, where the winner's award decides the score: a wipe-out on
// the first move (61 empties), corners neither side can ever play, and random endgames whose
// best line leaves squares empty. They reach the solver's every scoring path: the search's
// finished games, the shallow search's and the one-empty shortcut (`lastMove`).
const ENDING_WITH_EMPTIES: readonly [string, OthelloState][] = [
  ['wipe-out in one move', parseObf(`XO${'-'.repeat(62)} X`)],
  ['dead corner, black to move', parseObf(`${deadCornersBoard()} X`)],
  ['dead corner, white to move', parseObf(`${deadCornersBoard()} O`)],
  ['two dead corners, white to move', parseObf(`${deadCornersBoard(true)} O`)],
  ...[24, 84, 122].map(
    (seed) =>
      [`random game ${seed} at 6 empties`, randomGame(seed, 6).state] as [string, OthelloState],
  ),
  ...[37, 67].map(
    (seed) =>
      [`random game ${seed} at 10 empties`, randomGame(seed, 10).state] as [string, OthelloState],
  ),
];

/**
 * Empty corners no side can ever play: a1 (and h1 when `both`) empty, every line from them white
 * to the edge (the first rank, the a-file, the long diagonals, the h-file), every other square
 * black. One dead corner: black 42 to 21. Two: white 32 to 30.
 */
function deadCornersBoard(both = false): string {
  let board = '';
  for (let square = 0; square < 64; square++) {
    const file = square % 8;
    const rank = Math.floor(square / 8);
    const white =
      file === 0 || rank === 0 || file === rank || (both && (file === 7 || file + rank === 7));
    board += square === 0 || (both && square === 7) ? '-' : white ? 'O' : 'X';
  }
  return board;
}

describe('othello endgame solver', () => {
  it('agrees with plain minimax on random positions of up to 8 empties', () => {
    const solver = new EndgameSolver(12);
    for (let seed = 1; seed <= 60; seed++) {
      const { state } = randomGame(seed, 4 + (seed % 5));
      solver.resetTable();
      const { pLo, pHi, oLo, oHi } = state;
      expect(solver.solve(pLo, pHi, oLo, oHi), `seed ${seed}`).toBe(minimax(state));
    }
  });

  it('agrees with minimax through the table and move ordering, 9-10 empties', () => {
    const solver = new EndgameSolver(14);
    for (let seed = 100; seed < 104; seed++) {
      const { state } = randomGame(seed, 9 + (seed % 2));
      solver.resetTable();
      const { pLo, pHi, oLo, oHi } = state;
      expect(solver.solve(pLo, pHi, oLo, oHi), `seed ${seed}`).toBe(minimax(state));
    }
    // the reference walks every leaf: about 2 s alone, past vitest's 5 s beside other files
  }, 30_000);

  it.each(ENDING_WITH_EMPTIES)('gives the winner the empty squares: %s', (_name, state) => {
    const expected = minimax(state);
    // the award decides the score here, so a solver scoring without it cannot pass
    expect(minimax(state, false)).not.toBe(expected);
    for (const solver of [new EndgameSolver(12), new WasmEndgameSolver(12)]) {
      expect(solver.solve(state.pLo, state.pHi, state.oLo, state.oHi)).toBe(expected);
    }
  });

  it('scores finished games as the rules count them: wipe-out 64, dead corners 42 to 21 plus 1 and 32 to 30 plus 2', () => {
    const wipedOut = playSquare(parseObf(`XO${'-'.repeat(62)} X`), 2);
    expect(legalSquares(wipedOut)).toEqual([]);
    // white to move, with no disc left: black's 3 discs and the 61 empties
    expect(finalScore(wipedOut.pLo, wipedOut.pHi, wipedOut.oLo, wipedOut.oHi, 61)).toBe(-64);
    expect(scoreOfFinishedGame(wipedOut)).toBe(-64);
    const dead = parseObf(`${deadCornersBoard()} X`);
    expect(finalScore(dead.pLo, dead.pHi, dead.oLo, dead.oHi, 1)).toBe(22);
    expect(scoreOfFinishedGame(dead)).toBe(22);
    const twoDead = parseObf(`${deadCornersBoard(true)} O`);
    expect(finalScore(twoDead.pLo, twoDead.pHi, twoDead.oLo, twoDead.oHi, 2)).toBe(4);
    expect(scoreOfFinishedGame(twoDead)).toBe(4);
  });

  it('returns bounds that hold outside a narrow window', () => {
    const solver = new EndgameSolver(14);
    const { state } = randomGame(7, 12);
    const { pLo, pHi, oLo, oHi } = state;
    const exact = solver.solve(pLo, pHi, oLo, oHi);
    solver.resetTable();
    const low = solver.solve(pLo, pHi, oLo, oHi, exact, exact + 1);
    expect(low).toBeGreaterThanOrEqual(exact);
    solver.resetTable();
    const high = solver.solve(pLo, pHi, oLo, oHi, exact - 1, exact);
    expect(high).toBeLessThanOrEqual(exact);
  });

  it('finds the published score of FFO #40 (20 empties, black +38) in a window around it', () => {
    const state = parseObf('O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X');
    const solver = new EndgameSolver(18);
    expect(solver.solve(state.pLo, state.pHi, state.oLo, state.oHi, 37, 39)).toBe(38);
  }, 60_000);
});

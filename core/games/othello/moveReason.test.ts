import { describe, expect, it } from 'vitest';
import { stableCount } from './boardFacts.ts';
import { type OthelloReasonDetails, othelloMoveReason } from './moveReason.ts';
import { parseObf } from './obf.ts';
import { legalMoves, type OthelloState, playMove, stateOfMoves } from './position.ts';

const plain: OthelloReasonDetails = { exactScore: null, blunder: false, style: 'balanced' };
const afterMoves = (line: string) => stateOfMoves(line.split(' ').filter(Boolean));
const reasonAfter = (line: string, move: string, details = plain) =>
  othelloMoveReason(afterMoves(line), move, details);
/** A position from eight ranks, a1..h1 first, X black and O white, and the side to move. */
const board = (ranks: string[], side: 'X' | 'O'): OthelloState =>
  parseObf(`${ranks.join('')} ${side}`);
const EMPTY = '--------';

describe('othello move reasons', () => {
  it('adds the solved result to what the move does', () => {
    const opening = afterMoves('');
    expect(othelloMoveReason(opening, 'd3', { ...plain, exactScore: 6 })).toBe(
      'Keeps mobility with d3, flipping 1: wins by 6 with perfect play',
    );
    expect(othelloMoveReason(opening, 'd3', { ...plain, exactScore: 0 })).toMatch(
      /: a draw with perfect play$/,
    );
    expect(othelloMoveReason(opening, 'd3', { ...plain, exactScore: -14 })).toMatch(
      /: loses by 14 at best$/,
    );
    expect(othelloMoveReason(opening, 'd3', { ...plain, blunder: true })).toBe(
      'On instinct, keeps mobility with d3, flipping 1',
    );
  });

  it('names corners, wipeouts and passes', () => {
    const corner = board(
      ['--------', '-O------', '--X-----', EMPTY, EMPTY, EMPTY, EMPTY, '-------O'],
      'X',
    );
    expect(othelloMoveReason(corner, 'a1', plain)).toBe('Takes the a1 corner');
    const last = board(
      ['--------', '-O------', '--X-----', EMPTY, EMPTY, EMPTY, EMPTY, EMPTY],
      'X',
    );
    expect(othelloMoveReason(last, 'a1', plain)).toBe("Wipes out White's last discs with a1");
    const line = 'e6 d6 c6 f6 g6 c5 c3 f7 c4 f3 g2 h5 g8 e8 h6 b3 a2';
    expect(legalMoves(playMove(afterMoves(line), 'h7'))).toEqual(['pass']);
    expect(reasonAfter(line, 'h7')).toBe('Leaves Black no move with h7: Black passes');
    expect(othelloMoveReason(playMove(afterMoves(line), 'h7'), 'pass', plain)).toBe(
      'Has no move and passes',
    );
  });

  it('warns of X- and C-squares only while their corner is open', () => {
    const line = 'c4 e3 f2 c5 e6 g1 b5 f4 c3 b6';
    expect(reasonAfter(line, 'b7')).toBe('Risks the X-square b7 beside an open corner');
    expect(reasonAfter('c4 e3 f2 c5 e6', 'g1')).toBe(
      'Plays the C-square g1, next to an open corner',
    );
  });

  it('counts the stable discs a move makes', () => {
    // a filled a-file edge and rank-1 corner block are stable; a lone centre disc is not
    const own = board(
      ['XXX-----', 'X-------', 'X-------', EMPTY, '---X----', EMPTY, EMPTY, EMPTY],
      'X',
    );
    const grid = new Int8Array(64);
    for (let s = 0; s < 64; s++)
      grid[s] = (((s < 32 ? own.pLo : own.pHi) >>> (s & 31)) & 1) as 0 | 1;
    expect(stableCount(grid)).toBe(5);
    expect(reasonAfter('d3 c3 b3 c5 e6 f4 c4 c2 b5 a4 b2 a2 b4 b6 a1 e7 a6 a5', 'a3')).toBe(
      'Makes 5 discs stable with a3',
    );
  });

  it('reads parity in the endgame and mobility before it', () => {
    const end =
      'e6 f6 d3 d6 f5 g4 f7 c2 e3 c5 b6 c3 e7 f8 g6 f4 g5 b4 b1 f2 b3 g3 e2 g7 h5 h4 h6 e1 h8 a7 d2 b2 e8 g8 f1 d8 a3 h7 g1 f3 d7 a4 c8 d1 h2 c6 a5 b5 a1 a2 h3 c4 c1';
    expect(reasonAfter(end, 'c7')).toBe('Keeps parity with c7, playing into an odd region');
    expect(reasonAfter('e6 f6 d3 d6 f5 g4 f7 c2 e3 c5 b6 c3 e7 f8 g6 f4', 'g5')).toBe(
      'Takes 3 moves away from White with g5',
    );
    expect(reasonAfter('c4 c3 d3 c5 b4 a5 b3 b2 e6', 'f4')).toBe(
      'Opens 5 more moves for Black with f4',
    );
  });

  it('describes quieter moves by edge, flips and frontier, then by style', () => {
    expect(reasonAfter('e6 f6 d3 d6 f5 g4 f7 c2 e3 c5 b6 c3 e7', 'f8')).toBe(
      'Takes the edge square f8, flipping 1',
    );
    const big =
      'f5 d6 c7 f3 d3 c6 c5 g6 e3 c2 g2 b5 e6 f7 a4 a5 d2 e7 b2 a3 g5 b6 e8 d1 g8 c1 h7 f4 c4 d8 f2 b4 c8 h1 g3 h3 h2 h6 a6 b3';
    expect(reasonAfter(big, 'c3')).toBe('Flips 6 discs at once with c3');
    const open = 'e6 f6 d3 d6 f5 g4 f7 c2 e3 c5 b6 c3 e7 f8 g6';
    expect(reasonAfter(open, 'f4')).toBe('Spreads out with f4, exposing 3 more discs');
    const quiet = 'c4 c3 d3 c5 b4 a5 b3 b2 e6 f4 f3 d6 f5 g2 f2 g6 c7';
    expect(reasonAfter(quiet, 'e3')).toBe('A quiet e3, flipping a single disc');
    const tucked = 'e6 f6 d3 e7 f5 g4 g7 c4 b5 g6 h7 f4 h4 h6 h5 h3';
    expect(reasonAfter(tucked, 'g5')).toBe('Tucks in with g5, shrinking its frontier');
    const middle = 'e6 f6 d3 d6 f5 g4 f7 c2 e3 c5 b6 c3';
    expect(reasonAfter(middle, 'e7')).toBe('Keeps mobility with e7, flipping 1');
    expect(reasonAfter(middle, 'e7', { ...plain, style: 'aggressive' })).toBe(
      'Presses with e7, flipping 1',
    );
  });
});

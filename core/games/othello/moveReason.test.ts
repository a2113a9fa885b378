import { describe, expect, it } from 'vitest';
import { othelloMoveReason } from './moveReason.ts';

const plain = { exactScore: null, blunder: false, style: 'balanced' as const, flipped: 2 };

describe('othello move reasons', () => {
  it('reads a solved endgame as its result', () => {
    expect(othelloMoveReason('g2', { ...plain, exactScore: 6 })).toBe(
      'Solves the endgame: wins by 6 with g2',
    );
    expect(othelloMoveReason('h4', { ...plain, exactScore: 0 })).toMatch(/holds the draw/);
    expect(othelloMoveReason('d2', { ...plain, exactScore: -14 })).toMatch(/loses by 14/);
  });

  it('names corners, passes and the style s habit', () => {
    expect(othelloMoveReason('a1', plain)).toBe('Takes the a1 corner');
    expect(othelloMoveReason('pass', plain)).toBe('Has no move and passes');
    expect(othelloMoveReason('c4', plain)).toBe('Keeps mobility with c4, flipping 2');
    expect(othelloMoveReason('c4', { ...plain, style: 'defensive' })).toMatch(/stable/);
    expect(othelloMoveReason('c4', { ...plain, blunder: true })).toBe('Plays c4 on instinct');
  });
});

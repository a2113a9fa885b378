// Written by `npm run fit:winChances -- othello` (scripts/fitWinChances.ts) from 300 self-play
// matches, 13283 scored moves: the mover's score of its move to its chances.
import type { WinChanceCurve } from '#core/games/winChances.ts';

export const WIN_CHANCE_CURVE: WinChanceCurve = {
  scores: [
    -679.6, -427, -285.7, -180, -102.9, -63.6, -43, -30.2, -20.1, -12.8, -5.2, 0.3, 10.9, 19.5,
    30.8, 45.7, 68, 110, 174.9, 260, 351.1, 457.5, 568, 774.8,
  ],
  chances: [
    0.02, 0.02, 0.065, 0.146, 0.161, 0.161, 0.266, 0.361, 0.431, 0.5, 0.5, 0.533, 0.571, 0.637,
    0.708, 0.759, 0.835, 0.838, 0.876, 0.911, 0.98, 0.98, 0.98, 0.98,
  ],
};

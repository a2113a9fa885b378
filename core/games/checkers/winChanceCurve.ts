// Written by `npm run fit:winChances -- checkers` (scripts/fitWinChances.ts) from 300 self-play
// matches, 20884 scored moves: the mover's score of its move to its chances.
import type { WinChanceCurve } from '#core/games/winChances.ts';

export const WIN_CHANCE_CURVE: WinChanceCurve = {
  scores: [
    -1074.9, -758.2, -588.1, -473.9, -382, -273.5, -193.1, -131.9, -26, -12.3, -7.4, -2.5, 0.7, 5.8,
    12.3, 45.1, 146.9, 209.4, 295.7, 396.2, 493.7, 595.8, 775.8, 1080.3,
  ],
  chances: [
    0.02, 0.02, 0.107, 0.107, 0.149, 0.237, 0.237, 0.314, 0.38, 0.465, 0.486, 0.538, 0.539, 0.543,
    0.583, 0.665, 0.702, 0.777, 0.803, 0.879, 0.909, 0.909, 0.979, 0.98,
  ],
};

// Written by `npm run fit:winChances -- connect4` (scripts/fitWinChances.ts) from 300 self-play
// matches, 5173 scored moves: the mover's score of its move to its chances.
import type { WinChanceCurve } from '#core/games/winChances.ts';

export const WIN_CHANCE_CURVE: WinChanceCurve = {
  scores: [
    -65.6, -41.2, -31.6, -25, -19.8, -13.8, -12, -11.4, -6, -4.4, 0, 0.4, 5.9, 6.2, 11.7, 12, 15.9,
    22.4, 28.1, 38.7, 61.9,
  ],
  chances: [
    0.202, 0.271, 0.314, 0.345, 0.377, 0.398, 0.426, 0.426, 0.44, 0.488, 0.491, 0.527, 0.587, 0.587,
    0.623, 0.627, 0.637, 0.717, 0.717, 0.782, 0.877,
  ],
};

import { winChance } from '#core/games/winChances.ts';
import { WIN_CHANCE_CURVE } from './winChanceCurve.ts';

/** Heuristic scores this large are the search's proven wins and losses. */
export const DECISIVE_SCORE = 1000;

/** The mover's chances (0..1) from a heuristic score: a proven result, else the fitted curve. */
export function connect4Chance(score: number): number {
  if (score >= DECISIVE_SCORE) return 1;
  if (score <= -DECISIVE_SCORE) return 0;
  return winChance(WIN_CHANCE_CURVE, score);
}

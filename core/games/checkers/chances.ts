import { winChance } from '#core/games/winChances.ts';
import { PROVEN } from './search.ts';
import { WIN_CHANCE_CURVE } from './winChanceCurve.ts';

/** The mover's chances (0..1) from a search score: a proven result, else the fitted curve. */
export function checkersChance(score: number): number {
  if (score > PROVEN) return 1;
  if (score < -PROVEN) return 0;
  return winChance(WIN_CHANCE_CURVE, score);
}

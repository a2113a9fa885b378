import { winChance } from '#core/games/winChances.ts';
import { WIN_SCORE } from './midgameSearch.ts';
import { WIN_CHANCE_CURVE } from './winChanceCurve.ts';

/** The mover's chances (0..1) from a midgame score: a found win or loss, else the fitted curve. */
export function othelloChance(score: number): number {
  if (score >= WIN_SCORE) return 1;
  if (score <= -WIN_SCORE) return 0;
  return winChance(WIN_CHANCE_CURVE, score);
}

import { KNOCKOUT_DRAW_RULE } from './knockout.ts';
import { PRIZE_SPLIT_RULE } from './prizes.ts';
import { STANDINGS_ORDER_RULE } from './standings.ts';
import { SWISS_PAIRING_RULE } from './swiss.ts';
import type { TournamentFormat } from './types.ts';

/** The rules a tournament page states before the event, in reading order, for its format. */
export function tournamentRules(format: TournamentFormat): string[] {
  if (format.kind === 'knockout') return [KNOCKOUT_DRAW_RULE, PRIZE_SPLIT_RULE];
  const pairing =
    format.kind === 'swiss'
      ? SWISS_PAIRING_RULE
      : 'Every entrant meets every other twice, once moving first and once second, in the order ' +
        "of FIDE's Berger tables; with an odd field one entrant rests each round (a rest scores " +
        'nothing, and everyone rests twice).';
  return [pairing, STANDINGS_ORDER_RULE, PRIZE_SPLIT_RULE];
}

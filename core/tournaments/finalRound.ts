import { roundRobinRounds } from './roundRobin.ts';
import type { Entrant, TournamentFormat } from './types.ts';

/**
 * Whether round `round` of a tournament of `entrants` is its last: a knockout's final (the
 * bracket has as many stages as halvings of the field), a Swiss's last round, a round-robin's
 * last round. Followers of the tournament are told when it is paired.
 */
export function isFinalRound(
  format: TournamentFormat,
  entrants: readonly Entrant[],
  round: number,
): boolean {
  if (entrants.length < 2) return false;
  switch (format.kind) {
    case 'knockout':
      return round === Math.ceil(Math.log2(entrants.length));
    case 'swiss':
      return round === format.rounds;
    case 'round-robin':
      return round === roundRobinRounds(entrants).length;
  }
}

import { seedOrder } from './seeding.ts';
import type { Entrant, Pairing, Round } from './types.ts';

/**
 * The whole schedule of a double round robin: every entrant meets every other twice, once moving
 * first and once second. The first half is the Berger table FIDE publishes (C.05 annex 1) with
 * seed k as player k, so each entrant plays once a round and sides alternate as evenly as a round
 * robin allows; the second half repeats it with sides swapped. With an odd field the last Berger
 * number is nobody and whoever meets it has a bye that round (in a round robin a bye scores
 * nothing: every entrant has the same number of them). Results never change the schedule, so it
 * is known before the first game.
 */
export function roundRobinRounds(entrants: readonly Entrant[]): Round[] {
  const seeded = seedOrder(entrants).map((entrant) => entrant.id);
  if (seeded.length < 2) return [];
  const players = seeded.length + (seeded.length % 2);
  const idOf = (berger: number): string | null => seeded[berger - 1] ?? null;
  const legs: { pairings: Pairing[]; byes: string[] }[] = [];
  for (let round = 1; round < players; round++) {
    const pairings: Pairing[] = [];
    const byes: string[] = [];
    const meet = (first: number, second: number) => {
      const [firstId, secondId] = [idOf(first), idOf(second)];
      if (firstId !== null && secondId !== null)
        pairings.push({ first: firstId, second: secondId });
      else byes.push(firstId ?? secondId ?? '');
    };
    // Player i meets j when i + j ≡ round + 1 (mod players − 1); whoever that would pair with
    // themselves meets the last player instead, who moves first in even rounds.
    for (let i = 1; i < players; i++) {
      if ((2 * i) % (players - 1) === (round + 1) % (players - 1)) {
        if (round % 2 === 0) meet(players, i);
        else meet(i, players);
      }
    }
    for (let i = 1; i < players; i++) {
      for (let j = i + 1; j < players; j++) {
        if ((i + j) % (players - 1) !== (round + 1) % (players - 1)) continue;
        // Berger's rule: an odd sum gives the lower number the first move, an even one the higher.
        if ((i + j) % 2 === 1) meet(i, j);
        else meet(j, i);
      }
    }
    legs.push({ pairings, byes });
  }
  const swapped = legs.map((leg) => ({
    pairings: leg.pairings.map((pairing) => ({ first: pairing.second, second: pairing.first })),
    byes: leg.byes,
  }));
  return [...legs, ...swapped].map((leg, index) => ({ number: index + 1, ...leg }));
}

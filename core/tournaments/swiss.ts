import { ValidationError } from '#core/errors.ts';
import { seedOrder } from './seeding.ts';
import type { Bye } from './standings.ts';
import { assignSides, type Side, type SwissRecord } from './swissColours.ts';
import { PAIRING_RULES, pairField } from './swissPairing.ts';
import {
  type Entrant,
  firstMoverHalfPoints,
  type PlayedGame,
  type Round,
  secondMoverHalfPoints,
} from './types.ts';

/** What a bye is worth in a Swiss, in half-points: a win. */
export const SWISS_BYE_HALF_POINTS = 2;

/** The Swiss rules, for the tournament page to state. */
export const SWISS_PAIRING_RULE =
  'Each round pairs entrants with the same score, top half against bottom half, floating the ' +
  'odd one to the nearest score. No two entrants meet twice while any pairing of the field ' +
  'avoids it. Sides alternate: the games an entrant moves first and second never differ by more ' +
  'than one, nor does anyone play one side three games running, wherever a pairing without a ' +
  'rematch allows it. ' +
  'With an odd field the lowest ranked entrant who has not had a bye sits out (the next lowest ' +
  'if that would force a rematch) and scores a win; nobody has a second bye while someone has ' +
  'had none.';

/**
 * Pairs Swiss round `roundNumber` from the rounds before it: their games (all ended) and byes.
 * A pure function of its inputs, so a restarted runner pairs the same round again.
 */
export function swissRound(
  entrants: readonly Entrant[],
  games: readonly PlayedGame[],
  byes: readonly Bye[],
  roundNumber: number,
): Round {
  const records = swissRecords(entrants, games, byes);
  const candidates = byeCandidates(records);
  for (const rules of PAIRING_RULES) {
    for (const bye of candidates) {
      const field = records.filter((record) => record !== bye);
      const paired = pairField(field, rules);
      if (!paired) continue;
      return {
        number: roundNumber,
        pairings: paired.map(([a, b], board) => assignSides(a, b, board)),
        byes: bye ? [bye.id] : [],
      };
    }
  }
  // Only an empty field or a single entrant gets here: with rematches and any sides allowed,
  // every even field pairs.
  return { number: roundNumber, pairings: [], byes: records.map((record) => record.id) };
}

/** Who may sit out, lowest ranked first; [undefined] (nobody) when the field is even. */
function byeCandidates(records: readonly SwissRecord[]): (SwissRecord | undefined)[] {
  if (records.length % 2 === 0) return [undefined];
  const lowestFirst = [...records].reverse();
  const withoutBye = lowestFirst.filter((record) => !record.hadBye);
  return withoutBye.length > 0 ? withoutBye : lowestFirst;
}

/** One entrant's event so far, counted up game by game. */
interface SwissTally {
  seed: number;
  halfPoints: number;
  opponents: Set<string>;
  /** Kept with their rounds: the games may come in any order. */
  sides: { round: number; side: Side }[];
  hadBye: boolean;
}

/** Each entrant's score, opponents, sides and bye so far, in pairing order (score, then seed). */
function swissRecords(
  entrants: readonly Entrant[],
  games: readonly PlayedGame[],
  byes: readonly Bye[],
): SwissRecord[] {
  const seeded = seedOrder(entrants);
  const byId = new Map<string, SwissTally>();
  seeded.forEach((entrant, seed) => {
    byId.set(entrant.id, { seed, halfPoints: 0, opponents: new Set(), sides: [], hadBye: false });
  });
  const entry = (id: string) => {
    const found = byId.get(id);
    if (!found) throw new ValidationError(`${id} is not entered in this tournament`);
    return found;
  };
  for (const game of games) {
    const first = entry(game.first);
    const second = entry(game.second);
    first.halfPoints += firstMoverHalfPoints(game.result);
    second.halfPoints += secondMoverHalfPoints(game.result);
    first.opponents.add(game.second);
    second.opponents.add(game.first);
    first.sides.push({ round: game.round, side: 'first' });
    second.sides.push({ round: game.round, side: 'second' });
  }
  for (const bye of byes) {
    const sitting = entry(bye.id);
    sitting.halfPoints += SWISS_BYE_HALF_POINTS;
    sitting.hadBye = true;
  }
  const ordered = [...byId.entries()].sort(
    ([, a], [, b]) => b.halfPoints - a.halfPoints || a.seed - b.seed,
  );
  return ordered.map(([id, entry], rank) => ({
    id,
    rank,
    halfPoints: entry.halfPoints,
    opponents: entry.opponents,
    sides: [...entry.sides].sort((a, b) => a.round - b.round).map((played) => played.side),
    hadBye: entry.hadBye,
  }));
}

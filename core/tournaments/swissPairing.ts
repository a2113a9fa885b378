import { preferredSide, type SwissRecord, sidesFit } from './swissColours.ts';

/** What a pairing may give up, tried strictest first. */
interface PairingRules {
  repeatsAllowed: boolean;
  unbalancedSidesAllowed: boolean;
}

/**
 * Ways of pairing a round, strictest first: no rematch and balanced sides; then sides may go
 * unbalanced; then a rematch is allowed (only when no pairing of the field avoids one).
 */
export const PAIRING_RULES: readonly PairingRules[] = [
  { repeatsAllowed: false, unbalancedSidesAllowed: false },
  { repeatsAllowed: false, unbalancedSidesAllowed: true },
  { repeatsAllowed: true, unbalancedSidesAllowed: false },
  { repeatsAllowed: true, unbalancedSidesAllowed: true },
];

/**
 * Bounds one search (a count of steps, not time, so the answer stays the same on any machine).
 * Fields of up to a few hundred entrants over the rounds a Swiss is played in stay far below it;
 * a search that hits it is treated as finding nothing, and the next, looser rules are tried.
 */
const SEARCH_STEP_LIMIT = 200_000;

/**
 * Pairs every record in `field` (an even number, in pairing order) under `rules`, or returns null
 * when no pairing keeps them. Depth-first from the leader down: each entrant takes the first
 * partner in its order of preference (nearest score; within its score group the one half the
 * group below it, as the Dutch system pairs top half against bottom half; then one whose
 * preferred side differs) that still leaves every unpaired entrant someone to meet.
 */
export function pairField(
  field: readonly SwissRecord[],
  rules: PairingRules,
): [SwissRecord, SwissRecord][] | null {
  const allowed = (a: SwissRecord, b: SwissRecord) =>
    (rules.repeatsAllowed || !a.opponents.has(b.id)) &&
    (rules.unbalancedSidesAllowed || sidesFit(a, b));
  let steps = 0;
  const search = (remaining: readonly SwissRecord[]): [SwissRecord, SwissRecord][] | null => {
    if (remaining.length === 0) return [];
    if (++steps > SEARCH_STEP_LIMIT) return null;
    const [leader, ...others] = remaining;
    if (!leader) return [];
    for (const partner of partnersInPreference(leader, others)) {
      if (!allowed(leader, partner)) continue;
      const rest = others.filter((record) => record !== partner);
      if (!everyoneHasAPartner(rest, allowed)) continue;
      const paired = search(rest);
      if (paired) return [[leader, partner], ...paired];
    }
    return null;
  };
  return search(field);
}

function partnersInPreference(leader: SwissRecord, others: readonly SwissRecord[]): SwissRecord[] {
  const group = others.filter((record) => record.halfPoints === leader.halfPoints);
  // The leader is the top of its group (it was not yet paired), so half the group sits below it.
  const idealIndex = Math.floor((group.length + 1) / 2) - 1;
  const leaderSide = preferredSide(leader);
  const key = (record: SwissRecord): [number, number, number, number] => {
    const groupIndex = group.indexOf(record);
    const side = preferredSide(record);
    return [
      Math.abs(record.halfPoints - leader.halfPoints),
      groupIndex < 0 ? 0 : Math.abs(groupIndex - idealIndex),
      leaderSide !== null && side === leaderSide ? 1 : 0,
      record.rank,
    ];
  };
  const keyed = others.map((record) => ({ record, key: key(record) }));
  keyed.sort((a, b) => {
    for (let index = 0; index < a.key.length; index++) {
      const gap = (a.key[index] ?? 0) - (b.key[index] ?? 0);
      if (gap !== 0) return gap;
    }
    return 0;
  });
  return keyed.map((entry) => entry.record);
}

function everyoneHasAPartner(
  records: readonly SwissRecord[],
  allowed: (a: SwissRecord, b: SwissRecord) => boolean,
): boolean {
  return records.every((record) =>
    records.some((other) => other !== record && allowed(record, other)),
  );
}

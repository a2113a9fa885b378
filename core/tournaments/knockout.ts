import type { RecordedGames } from './recordedGames.ts';
import { seedOrder } from './seeding.ts';
import type { Entrant, Pairing, PlayedGame, Round } from './types.ts';

/** What happens when a knockout game is drawn, for the tournament page to state. */
export const KNOCKOUT_DRAW_RULE =
  'In each match the higher seed moves first. A drawn game is replayed once with sides ' +
  'swapped; if the replay is drawn too, the higher seed goes through.';

/** How a knockout match was decided. */
export type KnockoutDecision = 'bye' | 'won' | 'replay' | 'higher-seed';

/** One match of the bracket: two slots, the games played in it, and who went through. */
export interface KnockoutMatch {
  /** The better seeded of the two (it moves first in the first game). */
  higherSeed: string;
  /** null when the higher seed has a bye. */
  lowerSeed: string | null;
  games: PlayedGame[];
  /** null while the match is undecided. */
  winner: string | null;
  decidedBy: KnockoutDecision | null;
}

/** The bracket as far as the results reach. */
export interface KnockoutBracket {
  /** Stage by stage (first round, …, final), each stage's matches in bracket order. */
  stages: KnockoutMatch[][];
  /** The rounds the runner plays: each stage's first games, then its replays if any were drawn. */
  rounds: Round[];
  /** Games of the last round with no result yet (empty once the bracket has a winner). */
  pending: Pairing[];
  champion: string | null;
  /**
   * Place by entrant: the champion 1, the finalist 2, losers of a stage of M matches M + 1 (both
   * semi-finalists 3, quarter-finalists 5 …); entrants still in share 1 until they go out.
   */
  places: Map<string, number>;
}

/**
 * Seed numbers in bracket order for a bracket of `size` (a power of two): 1 v 8, 4 v 5, 2 v 7,
 * 3 v 6 for eight, so seeds 1 and 2 can meet only in the final. Seeds above the field are byes,
 * which therefore fall to the top seeds.
 */
export function bracketOrder(size: number): number[] {
  let order = [1];
  while (order.length < size) {
    const next = order.length * 2;
    order = order.flatMap((seed) => [seed, next + 1 - seed]);
  }
  return order;
}

/**
 * Replays the bracket from the recorded games: a pure function of its inputs, so a restarted
 * runner finds the same round and the same games still to play.
 */
export function knockoutBracket(
  entrants: readonly Entrant[],
  recorded: RecordedGames,
): KnockoutBracket {
  const seeded = seedOrder(entrants).map((entrant) => entrant.id);
  const seedOf = new Map(seeded.map((id, index) => [id, index]));
  const places = new Map(seeded.map((id) => [id, 1]));
  const bracket: KnockoutBracket = { stages: [], rounds: [], pending: [], champion: null, places };
  if (seeded.length === 0) return bracket;
  let size = 1;
  while (size < seeded.length) size *= 2;
  let alive = bracketOrder(size).map((seed) => seeded[seed - 1] ?? null);

  while (alive.length > 1) {
    const matches: KnockoutMatch[] = [];
    for (let slot = 0; slot < alive.length; slot += 2) {
      const [one, other] = [alive[slot] ?? null, alive[slot + 1] ?? null];
      const [higherSeed, lowerSeed] = betterFirst(one, other, seedOf);
      // Seeding puts a bye only against a top seed, so the higher slot is never empty.
      if (higherSeed === null) throw new Error('A bracket match with no entrant');
      const bye = lowerSeed === null;
      matches.push({
        higherSeed,
        lowerSeed,
        games: [],
        winner: bye ? higherSeed : null,
        decidedBy: bye ? 'bye' : null,
      });
    }
    bracket.stages.push(matches);
    const firstByes =
      bracket.rounds.length === 0 ? matches.filter((match) => match.lowerSeed === null) : [];
    const opening = playRound(
      bracket,
      recorded,
      matches.filter((match) => match.lowerSeed !== null),
      'first',
    );
    if (firstByes.length > 0) {
      const round = bracket.rounds[0];
      if (round) round.byes = firstByes.map((match) => match.higherSeed);
    }
    if (!opening) return bracket;
    const drawn = matches.filter((match) => match.winner === null);
    if (drawn.length > 0 && !playRound(bracket, recorded, drawn, 'replay')) return bracket;
    for (const match of matches) {
      if (match.winner === null) {
        match.winner = match.higherSeed;
        match.decidedBy = 'higher-seed';
      }
      const loser = match.winner === match.higherSeed ? match.lowerSeed : match.higherSeed;
      if (loser !== null) places.set(loser, matches.length + 1);
    }
    alive = matches.map((match) => match.winner);
  }
  bracket.champion = alive[0] ?? null;
  return bracket;
}

/** Adds a round of one game per match; false while some of its games have no result. */
function playRound(
  bracket: KnockoutBracket,
  recorded: RecordedGames,
  matches: KnockoutMatch[],
  game: 'first' | 'replay',
): boolean {
  const pairings = matches.map((match): Pairing => {
    // Only matches with two entrants are played, so the lower seed is always there.
    const lower = match.lowerSeed ?? '';
    return game === 'first'
      ? { first: match.higherSeed, second: lower }
      : { first: lower, second: match.higherSeed };
  });
  const round: Round = { number: bracket.rounds.length + 1, pairings, byes: [] };
  bracket.rounds.push(round);
  const { pending } = recorded.split(round);
  matches.forEach((match, index) => {
    const pairing = pairings[index];
    const played = pairing && recorded.resultOf(round.number, pairing);
    if (!played) return;
    match.games.push(played);
    if (played.result !== 'draw') {
      match.winner = played.result === 'first' ? played.first : played.second;
      match.decidedBy = game === 'first' ? 'won' : 'replay';
    }
  });
  bracket.pending = pending;
  return pending.length === 0;
}

function betterFirst(
  one: string | null,
  other: string | null,
  seedOf: ReadonlyMap<string, number>,
): [string | null, string | null] {
  if (one === null) return [other, null];
  if (other === null) return [one, null];
  return (seedOf.get(one) ?? 0) < (seedOf.get(other) ?? 0) ? [one, other] : [other, one];
}

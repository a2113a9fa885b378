import { randomUUID } from 'node:crypto';
import type { GameId } from '#core/games/gameIds.ts';
import type { Database } from '#server/db/database.ts';
import {
  createMatchIfBelowTarget,
  type NewMatch,
} from '#server/modules/matches/store/matchCreation.ts';
import type { OwnerLiveness } from '#server/modules/matches/store/ownerLiveness.ts';
import type { RosterAgent } from '#server/modules/matches/store/rosterReads.ts';
import type { AgentOwners } from './agentOwners.ts';
import { drawPair } from './drawPair.ts';

/** What a runner seats new matches with: its database, its owner id, its clock and its share. */
export interface LiveSeating {
  db: Database;
  ownerId: string;
  /** LIVE_MATCHES: the target of each game, shared among the runners alive. */
  liveMatches: number;
  bettingWindowMs: number;
  random: () => number;
  now: () => number;
  /** How the runners alive are told (the runner's presence), for its share of the target. */
  runners: () => OwnerLiveness;
  /** Takes on a match just created. */
  adopt: (matchId: string) => void;
}

/** A new match of the runner's, announced for the betting window (when there is one) before it starts. */
export function newMatch(
  seating: Pick<LiveSeating, 'ownerId' | 'bettingWindowMs' | 'random' | 'now'>,
  game: GameId,
  firstId: string,
  secondId: string,
): NewMatch {
  const { bettingWindowMs } = seating;
  return {
    id: randomUUID(),
    game,
    firstId,
    secondId,
    seed: Math.floor(seating.random() * 2 ** 31),
    owner: seating.ownerId,
    startsAt: bettingWindowMs > 0 ? new Date(seating.now() + bettingWindowMs) : null,
  };
}

/**
 * Starts matches of each of `games` among the agents that play it until the game has its live
 * target, or the runner its share of it (a slot it leaves is another runner's to fill, at that
 * one's next sweep); two agents of one owner never meet, and bots are left to the bot pairing.
 */
export async function startLiveMatches(
  seating: LiveSeating,
  games: readonly GameId[],
  everyAgent: readonly RosterAgent[],
  owners: AgentOwners,
  leaseUntil: Date,
): Promise<void> {
  for (const game of games) {
    // Bots are seated only by the bot pairing: while online, and told of the match.
    const agents = everyAgent.filter((agent) => agent.kind !== 'bot' && agent.games.includes(game));
    for (;;) {
      const pair = drawPair(agents, owners, seating.random);
      if (!pair) break;
      const [first, second] = pair;
      const id = await createMatchIfBelowTarget(
        seating.db,
        newMatch(seating, game, first.id, second.id),
        seating.liveMatches,
        new Date(seating.now()),
        leaseUntil,
        seating.runners(),
      );
      if (!id) break;
      seating.adopt(id);
    }
  }
}

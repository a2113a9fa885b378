import type { RosterAgent } from '#server/modules/matches/store/rosterReads.ts';

/** Agents' owners by agent id; agents without an owner (built-in ones) are absent. */
export type AgentOwners = ReadonlyMap<string, string>;

/** The owners of those of `agents` that have one (bots and custom agents), from their rows. */
export function ownersOf(agents: readonly RosterAgent[]): AgentOwners {
  return new Map(
    agents.flatMap((agent) => (agent.owner_id === null ? [] : [[agent.id, agent.owner_id]])),
  );
}

/**
 * Whether two agents share an owner: such a pair never plays, or its owner could throw one side
 * for bets on the other, or feed one agent's rating with the other's losses.
 */
export function sameOwner(owners: AgentOwners, firstId: string, secondId: string): boolean {
  const owner = owners.get(firstId);
  return owner !== undefined && owners.get(secondId) === owner;
}

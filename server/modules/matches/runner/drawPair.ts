import type { RosterAgent } from '#server/modules/matches/store/rosterReads.ts';
import { type AgentOwners, sameOwner } from './agentOwners.ts';

/**
 * Two agents drawn from `agents` for a live match, never two of one owner; null when no such pair
 * exists (every agent is one owner's). The second is drawn among the others from the one after
 * the first on, so with no owner in the way the draw picks whom it always picked for the same
 * random numbers.
 */
export function drawPair(
  agents: readonly RosterAgent[],
  owners: AgentOwners,
  random: () => number,
): [RosterAgent, RosterAgent] | null {
  if (agents.length < 2) return null;
  const firstIndex = Math.floor(random() * agents.length);
  const first = agents[firstIndex]!;
  // No rival of the first means every other agent is the first's owner's: no pair at all.
  const rivals = [...agents.slice(firstIndex + 1), ...agents.slice(0, firstIndex)].filter(
    (agent) => !sameOwner(owners, first.id, agent.id),
  );
  if (rivals.length === 0) return null;
  return [first, rivals[Math.floor(random() * rivals.length)]!];
}

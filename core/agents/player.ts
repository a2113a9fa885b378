import { type AgentDecision, decide } from './decide.ts';
import { type AgentTraits, parseAgentTraits } from './traits.ts';

/** The one interface of every player: built-in agents, custom agents and remote bots alike. */
export interface Player {
  move(moves: string, budget: { deadline: number; now: () => number }): Promise<AgentDecision>;
}

/** A Player backed by the built-in search with the given traits; `seed` makes it replayable. */
export function createAgentPlayer(traits: AgentTraits, seed: number): Player {
  const valid = parseAgentTraits(traits);
  return {
    move: async (moves, budget) => decide(moves, valid, { seed, ...budget }),
  };
}

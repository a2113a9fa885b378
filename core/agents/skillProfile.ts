import type { AgentTraits } from './traits.ts';

/** What a skill level means for the search: depth, node budget cap, noise and blunder rate. */
export interface SkillProfile {
  /** Deepest heuristic search, in plies. */
  maxDepth: number;
  /** Node budget for a move at the longest think time. */
  maxNodes: number;
  /** Spread of the random error added to each candidate's evaluation (in evaluation points). */
  noise: number;
  /** Chance of ignoring the search and playing a random legal move. */
  blunderRate: number;
  /** Whether the exact solver is tried (9: late game only; 10: always, after the book). */
  solver: 'never' | 'late' | 'always';
}

const PROFILES: readonly SkillProfile[] = [
  { maxDepth: 1, maxNodes: 2_000, noise: 90, blunderRate: 0.35, solver: 'never' },
  { maxDepth: 2, maxNodes: 5_000, noise: 60, blunderRate: 0.22, solver: 'never' },
  { maxDepth: 3, maxNodes: 10_000, noise: 40, blunderRate: 0.14, solver: 'never' },
  { maxDepth: 4, maxNodes: 30_000, noise: 28, blunderRate: 0.09, solver: 'never' },
  { maxDepth: 4, maxNodes: 80_000, noise: 20, blunderRate: 0.05, solver: 'never' },
  { maxDepth: 5, maxNodes: 200_000, noise: 12, blunderRate: 0.03, solver: 'never' },
  { maxDepth: 6, maxNodes: 500_000, noise: 7, blunderRate: 0.015, solver: 'never' },
  { maxDepth: 8, maxNodes: 1_500_000, noise: 3, blunderRate: 0, solver: 'never' },
  { maxDepth: 10, maxNodes: 4_000_000, noise: 0, blunderRate: 0, solver: 'late' },
  { maxDepth: 12, maxNodes: 20_000_000, noise: 0, blunderRate: 0, solver: 'always' },
];

// A conservative rate on this machine's class of CPU, so budgets fit in the think time.
const NODES_PER_MS = 2_000;

/** The search profile of a skill level, with a node budget scaled by the think time. */
export function skillProfile(traits: AgentTraits): SkillProfile {
  const base = PROFILES[traits.skill - 1]!;
  return { ...base, maxNodes: Math.min(base.maxNodes, traits.thinkTimeMs * NODES_PER_MS) };
}

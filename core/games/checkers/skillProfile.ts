import type { AgentStyle, AgentTraits } from '#core/agents/traits.ts';
import { BALANCED, type EvalWeights } from './evaluate.ts';

/** What a skill level means for the checkers search: depth, node budget, noise, blunders. */
export interface CheckersSkill {
  /** Deepest iteration, in plies (captures are searched on past it). */
  maxDepth: number;
  /** Node budget for a move at the longest think time. */
  maxNodes: number;
  /** Spread of the random error added to each candidate's score (a man is 100). */
  noise: number;
  /** Chance of playing a random legal move instead. */
  blunderRate: number;
}

const PROFILES: readonly CheckersSkill[] = [
  { maxDepth: 1, maxNodes: 1_000, noise: 120, blunderRate: 0.35 },
  { maxDepth: 2, maxNodes: 3_000, noise: 90, blunderRate: 0.26 },
  { maxDepth: 2, maxNodes: 8_000, noise: 50, blunderRate: 0.12 },
  { maxDepth: 3, maxNodes: 20_000, noise: 40, blunderRate: 0.09 },
  { maxDepth: 4, maxNodes: 50_000, noise: 28, blunderRate: 0.05 },
  { maxDepth: 5, maxNodes: 120_000, noise: 18, blunderRate: 0.03 },
  { maxDepth: 6, maxNodes: 300_000, noise: 10, blunderRate: 0.015 },
  { maxDepth: 8, maxNodes: 800_000, noise: 5, blunderRate: 0 },
  { maxDepth: 10, maxNodes: 2_000_000, noise: 0, blunderRate: 0 },
  { maxDepth: 40, maxNodes: 5_000_000, noise: 0, blunderRate: 0 },
];

// A conservative rate for a loaded machine (bench: about 1,000 to 2,000 nodes a millisecond), so
// the node budget fits in the think time and the deadline stays a safety stop.
const NODES_PER_MS = 500;

/** The search profile of a skill level, its node budget scaled by the think time. */
export function checkersSkill(traits: AgentTraits): CheckersSkill {
  const base = PROFILES[traits.skill - 1]!;
  return { ...base, maxNodes: Math.min(base.maxNodes, traits.thinkTimeMs * NODES_PER_MS) };
}

/** Evaluation weights of a style: aggressive pushes and centralises, defensive holds the back. */
export function styleWeights(style: AgentStyle): EvalWeights {
  if (style === 'aggressive') return { ...BALANCED, backRank: 4, centre: 8, advance: 4 };
  if (style === 'defensive') return { ...BALANCED, backRank: 14, centre: 5, advance: 1 };
  return BALANCED;
}

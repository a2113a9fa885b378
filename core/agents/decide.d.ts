import { type AgentTraits } from './traits.ts';
/** Why a move was played: the candidates weighed, how deep and how hard the agent looked. */
export interface MoveTrace {
  candidates: {
    move: number;
    score: number;
  }[];
  depth: number;
  nodes: number;
  chosen: number;
  reason: string;
}
/** A move (column 1..7) and its trace. */
export interface AgentDecision {
  move: number;
  trace: MoveTrace;
}
/** Seed for reproducible choices; `deadline`/`now` are only a safety stop. */
export interface DecideOptions {
  seed: number;
  deadline: number;
  now: () => number;
}
/**
 * Chooses a move for `moves` with the given traits. Synchronous and deterministic for the same
 * (moves, traits, seed) while the deadline is not hit: effort is bounded by node budgets from
 * the skill and think time; at the deadline the best move found so far is returned.
 */
export declare function decide(
  moves: string,
  traits: AgentTraits,
  options: DecideOptions,
): AgentDecision;

import { BUILT_IN_AGENTS } from '#core/agents/roster.ts';
import type { GameId } from './gameIds.ts';
import { selfPlayMatches } from './selfPlay.ts';
import type { ScoredResult } from './winChances.ts';

/** The agents whose games fit and check the curves: skills 1–7, whose budgets take milliseconds. */
const FIT_AGENTS = BUILT_IN_AGENTS.filter((agent) => agent.traits.skill <= 7);

/**
 * Every heuristically scored move of `count` self-play matches seeded from `seed`: the mover's
 * score of its chosen move and what the match came to for the mover. Proven scores (solves,
 * books, forced results) and unsearched moves are left out: their chances are not a curve's.
 */
export function winChanceSamples(id: GameId, count: number, seed: number): ScoredResult[] {
  const samples: ScoredResult[] = [];
  for (const match of selfPlayMatches(id, FIT_AGENTS, count, seed)) {
    for (const { side, decision } of match.moves) {
      const { trace } = decision;
      const chosen = trace.candidates.find((candidate) => candidate.move === decision.move);
      if (!chosen || trace.proven || trace.candidates.length < 2) continue;
      const result = match.winner === null ? 0.5 : match.winner === side ? 1 : 0;
      samples.push({ score: chosen.score, result });
    }
  }
  return samples;
}

import type { Random } from './random.ts';

/** One scored candidate: column 1..7 and its evaluation (exact or heuristic). */
export interface Candidate {
  move: number;
  score: number;
  /** Cells that would complete four for the mover after this move: how sharp it is. */
  sharpness: number;
}

/**
 * Picks a move from scored candidates. Noise blurs the evaluations (weaker skills misjudge);
 * risk adds a bonus for sharp moves, so a risk-taker may prefer a slightly worse move that
 * creates more threats. Exact scores (`exact`) are never traded away: only ties are broken.
 */
export function chooseMove(
  candidates: readonly Candidate[],
  options: { noise: number; risk: number; exact: boolean; random: Random },
): Candidate {
  let best: Candidate | undefined;
  let bestValue = Number.NEGATIVE_INFINITY;
  const topScore = Math.max(...candidates.map((candidate) => candidate.score));
  for (const candidate of candidates) {
    const jitter = (options.random() * 2 - 1) * options.noise;
    let value: number;
    if (options.exact) {
      if (candidate.score < topScore) continue;
      // ties: the sharpest move for a risk-taker, otherwise the most central
      value = options.risk >= 0.5 ? candidate.sharpness : -Math.abs(candidate.move - 4);
    } else {
      value = candidate.score + jitter + options.risk * 8 * candidate.sharpness;
    }
    if (value > bestValue) {
      bestValue = value;
      best = candidate;
    }
  }
  return best ?? candidates[0]!;
}

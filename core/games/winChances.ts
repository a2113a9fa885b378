/**
 * Winning chances from an engine's own score (issue 27, part 2): each game's agents score
 * positions in their own units (Connect Four's open lines, Othello's weighted discs and mobility,
 * checkers' material), which mean nothing to a watcher. A curve fitted to what the agents' games
 * actually came to turns a score into the mover's chances, 0..1, a draw counting half: the same
 * units in every game. `scripts/fitWinChances.ts` fits the curves from self-play.
 */

/** Scores in ascending order and the mover's chances at each, never falling. */
export interface WinChanceCurve {
  readonly scores: readonly number[];
  readonly chances: readonly number[];
}

/** One decided move: the mover's score of it and what the game came to for the mover (1, ½, 0). */
export interface ScoredResult {
  score: number;
  result: number;
}

/** The mover's chances at `score`: straight lines between the curve's points, flat past its ends. */
export function winChance(curve: WinChanceCurve, score: number): number {
  const { scores, chances } = curve;
  if (score <= scores[0]!) return chances[0]!;
  const last = scores.length - 1;
  if (score >= scores[last]!) return chances[last]!;
  let high = 1;
  while (scores[high]! < score) high++;
  const low = high - 1;
  const share = (score - scores[low]!) / (scores[high]! - scores[low]!);
  return chances[low]! + share * (chances[high]! - chances[low]!);
}

/** The chart's -1..1 scale from chances: 0 is even, 1 won, -1 lost. */
export function advantageOfChance(chance: number): number {
  return 2 * chance - 1;
}

/**
 * Fits a curve: the samples sorted by score and cut into `buckets` groups of equal size, each
 * group's mean score and mean result, then pooled where a higher score did worse
 * (pool-adjacent-violators), so the curve never falls. Chances are kept within
 * [floor, 1 - floor]: a heuristic score is never a proof.
 */
export function fitWinChances(
  samples: readonly ScoredResult[],
  { buckets = 24, floor = 0.02 } = {},
): WinChanceCurve {
  if (samples.length < buckets) throw new Error(`Too few samples to fit: ${samples.length}`);
  const sorted = [...samples].sort((a, b) => a.score - b.score);
  const groups: { score: number; result: number; weight: number }[] = [];
  for (let index = 0; index < buckets; index++) {
    const slice = sorted.slice(
      Math.floor((index * sorted.length) / buckets),
      Math.floor(((index + 1) * sorted.length) / buckets),
    );
    const mean = (pick: (sample: ScoredResult) => number) =>
      slice.reduce((sum, sample) => sum + pick(sample), 0) / slice.length;
    groups.push({
      score: mean((s) => s.score),
      result: mean((s) => s.result),
      weight: slice.length,
    });
  }
  // pool adjacent groups while a later one's result is lower than an earlier one's
  const pooled: { score: number; result: number; weight: number; members: number[] }[] = [];
  for (const group of groups) {
    pooled.push({ ...group, members: [group.score] });
    while (pooled.length > 1 && pooled.at(-2)!.result > pooled.at(-1)!.result) {
      const top = pooled.pop()!;
      const below = pooled.pop()!;
      const weight = below.weight + top.weight;
      pooled.push({
        score: (below.score * below.weight + top.score * top.weight) / weight,
        result: (below.result * below.weight + top.result * top.weight) / weight,
        weight,
        members: [...below.members, ...top.members],
      });
    }
  }
  // a pooled block keeps its groups' scores, all at the block's result, so the curve is flat there
  const scores: number[] = [];
  const chances: number[] = [];
  for (const block of pooled) {
    for (const member of block.members) {
      const score = Math.round(member * 10) / 10;
      if (scores.length > 0 && score <= scores.at(-1)!) continue;
      scores.push(score);
      chances.push(Math.round(Math.min(1 - floor, Math.max(floor, block.result)) * 1000) / 1000);
    }
  }
  return { scores, chances };
}

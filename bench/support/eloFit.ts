/** One game's result: players `a` and `b` (indices), and `a`'s score (1, 0.5 or 0). */
export interface GameResult {
  a: number;
  b: number;
  scoreA: number;
}

/** Fitted ratings (Elo scale, mean 1500) and their covariance, for intervals on differences. */
export interface EloFit {
  ratings: number[];
  covariance: number[][];
}

// Elo's logistic: the derivative of the expected score in rating points is SLOPE * p * (1 - p).
const SLOPE = Math.LN10 / 400;
const expected = (rating: number, opponent: number): number =>
  1 / (1 + 10 ** ((opponent - rating) / 400));

/**
 * Maximum-likelihood Elo ratings of all players, with one virtual draw each against a 1500 player
 * so a perfect score stays finite. The covariance is the inverse of the likelihood's curvature
 * (its Fisher information), so `differenceInterval` gives an approximate 95% interval.
 */
export function fitElo(games: readonly GameResult[], players: number): EloFit {
  const ratings = new Array<number>(players).fill(1500);
  const played = new Array<number>(players).fill(1);
  for (const { a, b } of games) {
    played[a]!++;
    played[b]!++;
  }
  for (let step = 0; step < 3000; step++) {
    const gradient = ratings.map((rating) => 0.5 - expected(rating, 1500));
    for (const { a, b, scoreA } of games) {
      const surprise = scoreA - expected(ratings[a]!, ratings[b]!);
      gradient[a]! += surprise;
      gradient[b]! -= surprise;
    }
    // a step of 400 points per game of mean surprise stays below the curvature's limit
    for (let i = 0; i < players; i++) ratings[i]! += (400 * gradient[i]!) / played[i]!;
  }
  const mean = ratings.reduce((sum, rating) => sum + rating, 0) / players;
  const centred = ratings.map((rating) => rating + 1500 - mean);

  // the curvature of the log-likelihood: each game links its two players, each prior one player
  const matrix = ratings.map((rating, i) => {
    const row = new Array<number>(players).fill(0);
    const p = expected(rating, 1500);
    row[i] = SLOPE * SLOPE * p * (1 - p);
    return row;
  });
  for (const { a, b } of games) {
    const p = expected(ratings[a]!, ratings[b]!);
    const weight = SLOPE * SLOPE * p * (1 - p);
    matrix[a]![a]! += weight;
    matrix[b]![b]! += weight;
    matrix[a]![b]! -= weight;
    matrix[b]![a]! -= weight;
  }
  return { ratings: centred, covariance: invert(matrix) };
}

/** Half-width of the approximate 95% interval of `ratings[i] - ratings[j]`. */
export function differenceInterval(fit: EloFit, i: number, j: number): number {
  const c = fit.covariance;
  return 1.96 * Math.sqrt(Math.max(0, c[i]![i]! + c[j]![j]! - 2 * c[i]![j]!));
}

/** Half-width of the approximate 95% interval of one rating's distance from the field's mean. */
export function ratingInterval(fit: EloFit, i: number): number {
  const c = fit.covariance;
  const n = c.length;
  // Var(r_i - mean) = C_ii - 2 mean_j C_ij + mean_jk C_jk
  let row = 0;
  let all = 0;
  for (let j = 0; j < n; j++) {
    row += c[i]![j]!;
    for (let k = 0; k < n; k++) all += c[j]![k]!;
  }
  return 1.96 * Math.sqrt(Math.max(0, c[i]![i]! - (2 * row) / n + all / (n * n)));
}

// Gauss-Jordan with partial pivoting; the information matrix is symmetric positive definite.
function invert(matrix: readonly number[][]): number[][] {
  const n = matrix.length;
  const work = matrix.map((row, i) => [...row, ...row.map((_, j) => (i === j ? 1 : 0))]);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let row = col + 1; row < n; row++) {
      if (Math.abs(work[row]![col]!) > Math.abs(work[pivot]![col]!)) pivot = row;
    }
    [work[col], work[pivot]] = [work[pivot]!, work[col]!];
    const lead = work[col]!;
    const scale = lead[col]!;
    for (let k = 0; k < 2 * n; k++) lead[k]! /= scale;
    for (let row = 0; row < n; row++) {
      if (row === col) continue;
      const factor = work[row]![col]!;
      if (factor === 0) continue;
      for (let k = 0; k < 2 * n; k++) work[row]![k]! -= factor * lead[k]!;
    }
  }
  return work.map((row) => row.slice(n));
}

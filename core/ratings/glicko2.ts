/**
 * Glicko-2 (Glickman, "Example of the Glicko-2 system", 2013): a rating that carries its own
 * uncertainty (deviation) and how erratic the player is (volatility). Pure functions, no clock.
 */

/** A rating on the Glicko scale (1500-centred). */
export interface Glicko2Rating {
  rating: number;
  deviation: number;
  volatility: number;
}

/** One game inside a rating period: the opponent's rating before it and the score (1, 0.5, 0). */
export interface Glicko2Game {
  opponent: Glicko2Rating;
  score: 0 | 0.5 | 1;
}

/** Where every new agent starts. */
export const INITIAL_RATING: Glicko2Rating = { rating: 1500, deviation: 350, volatility: 0.06 };

/** System constant: how much volatility may change; Glickman suggests 0.3 to 1.2. */
const DEFAULT_TAU = 0.5;

const SCALE = 173.7178;
const CONVERGENCE = 0.000001;

function g(phi: number): number {
  return 1 / Math.sqrt(1 + (3 * phi * phi) / (Math.PI * Math.PI));
}

function expectedScore(mu: number, muJ: number, phiJ: number): number {
  return 1 / (1 + Math.exp(-g(phiJ) * (mu - muJ)));
}

/** New volatility by the Illinois algorithm of step 5. */
function nextVolatility(phi: number, sigma: number, v: number, delta: number, tau: number): number {
  const a = Math.log(sigma * sigma);
  const f = (x: number): number => {
    const ex = Math.exp(x);
    const d = phi * phi + v + ex;
    return (ex * (delta * delta - d)) / (2 * d * d) - (x - a) / (tau * tau);
  };
  let lower = a;
  let upper: number;
  if (delta * delta > phi * phi + v) {
    upper = Math.log(delta * delta - phi * phi - v);
  } else {
    let k = 1;
    while (f(a - k * tau) < 0) k++;
    upper = a - k * tau;
  }
  let fLower = f(lower);
  let fUpper = f(upper);
  while (Math.abs(upper - lower) > CONVERGENCE) {
    const middle = lower + ((lower - upper) * fLower) / (fUpper - fLower);
    const fMiddle = f(middle);
    if (fMiddle * fUpper <= 0) {
      lower = upper;
      fLower = fUpper;
    } else {
      fLower /= 2;
    }
    upper = middle;
    fUpper = fMiddle;
  }
  return Math.exp(lower / 2);
}

/** The player's rating after one rating period with these games (none: the deviation grows). */
export function updateRating(
  player: Glicko2Rating,
  games: readonly Glicko2Game[],
  tau: number = DEFAULT_TAU,
): Glicko2Rating {
  const mu = (player.rating - 1500) / SCALE;
  const phi = player.deviation / SCALE;
  if (games.length === 0) {
    const grown = Math.sqrt(phi * phi + player.volatility * player.volatility);
    return { ...player, deviation: Math.min(grown * SCALE, INITIAL_RATING.deviation) };
  }
  let inverseV = 0;
  let deltaSum = 0;
  for (const game of games) {
    const muJ = (game.opponent.rating - 1500) / SCALE;
    const phiJ = game.opponent.deviation / SCALE;
    const e = expectedScore(mu, muJ, phiJ);
    inverseV += g(phiJ) ** 2 * e * (1 - e);
    deltaSum += g(phiJ) * (game.score - e);
  }
  const v = 1 / inverseV;
  const delta = v * deltaSum;
  const sigma = nextVolatility(phi, player.volatility, v, delta, tau);
  const phiStar = Math.sqrt(phi * phi + sigma * sigma);
  const newPhi = 1 / Math.sqrt(1 / (phiStar * phiStar) + 1 / v);
  const newMu = mu + newPhi * newPhi * deltaSum;
  return { rating: newMu * SCALE + 1500, deviation: newPhi * SCALE, volatility: sigma };
}

/** Both players' ratings after one game between them (each game is its own rating period). */
export function rateGame(
  first: Glicko2Rating,
  second: Glicko2Rating,
  firstScore: 0 | 0.5 | 1,
): [Glicko2Rating, Glicko2Rating] {
  const secondScore = (1 - firstScore) as 0 | 0.5 | 1;
  return [
    updateRating(first, [{ opponent: second, score: firstScore }]),
    updateRating(second, [{ opponent: first, score: secondScore }]),
  ];
}

import { createRandom, type Random, seedFor } from '#core/agents/random.ts';
import { type AgentTraits, parseAgentTraits } from '#core/agents/traits.ts';
import { ValidationError } from '#core/errors.ts';
import type { AgentDecision, DecideOptions } from '#core/games/definition.ts';
import { advantageOfChance } from '#core/games/winChances.ts';
import { flips, out, popcount32 } from './bitboard.ts';
import { othelloChance } from './chances.ts';
import { STYLE_WEIGHTS } from './evaluation.ts';
import { MidgameSearch, WIN_SCORE } from './midgameSearch.ts';
import { othelloMoveReason } from './moveReason.ts';
import { discCounts, legalMoves, legalSquares, stateOfMoves } from './position.ts';
import { SearchAborted, type SearchBudget } from './searchBudget.ts';
import { othelloSkillProfile } from './skillProfile.ts';
import { sharedSolver, solveRoot } from './solveRoot.ts';
import { encodeMoves, PASS, squareName } from './squares.ts';

interface Scored {
  square: number;
  score: number;
  flipped: number;
}

/**
 * What an Othello agent with these traits plays after `moves`. Deterministic for the same
 * (moves, traits, seed) while the deadline is not hit: effort is bounded by node budgets from
 * the skill and think time. Near the end (how near depends on the skill) the exact solver
 * decides; otherwise iterative-deepening negascout on the evaluation, blurred by the skill's
 * noise. At the deadline the best move of the last finished iteration is played.
 */
export function decideOthello(
  moves: readonly string[],
  traits: AgentTraits,
  options: DecideOptions,
): AgentDecision {
  const valid = parseAgentTraits(traits);
  const state = stateOfMoves(moves);
  const legal = legalMoves(state);
  if (legal.length === 0) throw new ValidationError('The game is over: there is no move to make.');
  if (legal[0] === PASS) {
    const trace = { candidates: [{ move: PASS, score: 0 }], depth: 0, nodes: 0, chosen: PASS };
    return {
      move: PASS,
      trace: { ...trace, reason: othelloMoveReason(state, PASS, noDetails()), advantage: 0 },
    };
  }
  const random = createRandom(seedFor(options.seed, encodeMoves(moves)));
  const profile = othelloSkillProfile(valid);
  const squares = legalSquares(state);
  const { pLo, pHi, oLo, oHi } = state;
  const flippedBy = (square: number) => {
    flips(square, pLo, pHi, oLo, oHi);
    return popcount32(out.lo) + popcount32(out.hi);
  };

  if (random() < profile.blunderRate) {
    const square = squares[Math.floor(random() * squares.length)]!;
    const move = squareName(square);
    const reason = othelloMoveReason(state, move, { ...noDetails(), blunder: true });
    return {
      move,
      trace: { candidates: [], depth: 0, nodes: 0, chosen: move, reason, advantage: 0 },
    };
  }

  const { mover, other } = discCounts(state);
  const empties = 64 - mover - other;
  const budget: SearchBudget = {
    maxNodes: profile.maxNodes,
    deadline: options.deadline,
    now: options.now,
  };
  let scores: number[] | null = null;
  let depth = 0;
  let nodes = 0;
  const exact = empties <= profile.solveFromEmpties;
  if (exact) {
    const solver = sharedSolver();
    try {
      scores = solveRoot(solver, state, squares, { ...budget, maxNodes: profile.solverMaxNodes });
      depth = empties;
    } catch (error) {
      if (!(error instanceof SearchAborted)) throw error;
    }
    nodes += solver.nodes;
  }
  const solved = scores !== null;
  if (!scores) {
    // a quarter of the budget after a solve that did not finish: it took most of the time
    const share = exact ? profile.maxNodes * 0.25 : profile.maxNodes;
    const search = new MidgameSearch(STYLE_WEIGHTS[valid.style]);
    scores = squares.map(() => 0);
    for (let d = 1; d <= Math.min(profile.maxDepth, empties); d++) {
      try {
        scores = search.scoreMoves(pLo, pHi, oLo, oHi, squares, d, { ...budget, maxNodes: share });
        depth = d;
      } catch (error) {
        if (!(error instanceof SearchAborted)) throw error;
        break;
      }
    }
    nodes += search.nodes;
  }
  const candidates = squares.map((square, i) => ({
    square,
    score: scores[i]!,
    flipped: flippedBy(square),
  }));
  const chosen = choose(candidates, {
    noise: solved ? 0 : profile.noise,
    risk: valid.risk,
    exact: solved,
    random,
  });
  const move = squareName(chosen.square);
  return {
    move,
    trace: {
      candidates: candidates.map(({ square, score }) => ({ move: squareName(square), score })),
      depth,
      nodes,
      chosen: move,
      reason: othelloMoveReason(state, move, {
        exactScore: solved ? chosen.score : null,
        blunder: false,
        style: valid.style,
      }),
      advantage: solved ? exactAdvantage(chosen.score) : heuristicAdvantage(chosen.score),
      proven: solved || Math.abs(chosen.score) >= WIN_SCORE,
    },
  };
}

function noDetails() {
  return { exactScore: null, blunder: false, style: 'balanced' as const };
}

/**
 * Picks a candidate: noise blurs heuristic scores (weaker skills misjudge), risk favours moves
 * that flip many discs. Exact scores are never traded away: risk only breaks ties.
 */
function choose(
  candidates: readonly Scored[],
  options: { noise: number; risk: number; exact: boolean; random: Random },
): Scored {
  const top = Math.max(...candidates.map((candidate) => candidate.score));
  let best = candidates[0]!;
  let bestValue = Number.NEGATIVE_INFINITY;
  for (const candidate of candidates) {
    const jitter = (options.random() * 2 - 1) * options.noise;
    let value: number;
    if (options.exact) {
      if (candidate.score < top) continue;
      value = options.risk >= 0.5 ? candidate.flipped : -candidate.flipped;
    } else {
      value = candidate.score + jitter + options.risk * 3 * candidate.flipped;
    }
    if (value > bestValue) {
      bestValue = value;
      best = candidate;
    }
  }
  return best;
}

/** A proven result: a win 1, a loss -1, a draw 0, whatever the margin (the reason gives it). */
function exactAdvantage(score: number): number {
  return Math.sign(score);
}

/** A heuristic judgement as winning chances through the fitted curve; a found win is proven. */
function heuristicAdvantage(score: number): number {
  if (Math.abs(score) >= WIN_SCORE) return Math.sign(score);
  return advantageOfChance(othelloChance(score));
}

import { createRandom, type Random, seedFor } from '#core/agents/random.ts';
import { type AgentTraits, parseAgentTraits } from '#core/agents/traits.ts';
import { ValidationError } from '#core/errors.ts';
import type { AgentDecision, DecideOptions } from '#core/games/definition.ts';
import { advantageOfChance } from '#core/games/winChances.ts';
import { checkersChance } from './chances.ts';
import { evaluate } from './evaluate.ts';
import { moveReason } from './moveReason.ts';
import { pathNotation } from './paths.ts';
import { PROVEN, Search, SearchAborted } from './search.ts';
import { checkersSkill, styleWeights } from './skillProfile.ts';
import { boardOf, type CheckersState, legalPaths, playPath, replay } from './state.ts';
import { TranspositionTable } from './transpositionTable.ts';

const ONLY_MOVE_NODES = 20_000;
// one table for every decision, emptied at the start of each (3 MB)
let sharedTable: TranspositionTable | null = null;

/**
 * What a checkers agent with these traits plays after `moves`. Deterministic for the same
 * (moves, traits, seed) while the deadline is not hit: effort is bounded by a node budget from
 * skill and think time, iterative deepening keeps the deepest completed iteration, and the
 * deadline only stops the search early (the last completed iteration's best move is played).
 */
export function decide(
  moves: readonly string[],
  traits: AgentTraits,
  options: DecideOptions,
): AgentDecision {
  return decideInPosition(replay(moves), traits, options, moves.join(' '));
}

/**
 * `decide` from any position (puzzles, endgames, tests); `seedKey` mixes the position into the
 * seed, so each position of a game draws its own numbers.
 */
export function decideInPosition(
  state: CheckersState,
  traits: AgentTraits,
  options: DecideOptions,
  seedKey: string,
): AgentDecision {
  const valid = parseAgentTraits(traits);
  const paths = legalPaths(state);
  if (paths.length === 0) throw new ValidationError('The game is over: there is no move to make.');
  const random = createRandom(seedFor(options.seed, seedKey));
  const profile = checkersSkill(valid);
  const notations = paths.map(pathNotation);
  const details = { proven: false, blunder: false, onlyMove: paths.length === 1 };

  if (random() < profile.blunderRate) {
    const index = Math.floor(random() * paths.length);
    const reason = moveReason(state, paths[index]!, {
      ...details,
      score: null,
      blunder: true,
      offersCapture: offersCapture(state, index),
      style: valid.style,
    });
    const move = notations[index]!;
    // no search: the static evaluation after the move still gives the chart a fair point
    const after = boardOf(playPath(state, paths[index]!));
    const advantage = advantageOf(-evaluate(after, styleWeights(valid.style)));
    return {
      move,
      trace: { candidates: [], depth: 0, nodes: 0, chosen: move, reason, advantage },
    };
  }

  sharedTable ??= new TranspositionTable();
  const search = new Search(styleWeights(valid.style), sharedTable);
  // a forced move (a lone capture is common) is searched only to score it for the trace
  const maxNodes =
    paths.length === 1 ? Math.min(profile.maxNodes, ONLY_MOVE_NODES) : profile.maxNodes;
  const limits = { maxNodes, deadline: options.deadline, now: options.now };
  let scores = paths.map(() => 0);
  let depth = 0;
  let best = 0;
  for (let d = 1; d <= profile.maxDepth; d++) {
    try {
      scores = search.scoreRoot(state, d, best, limits);
    } catch (error) {
      if (error instanceof SearchAborted) break;
      throw error;
    }
    depth = d;
    best = scores.indexOf(Math.max(...scores));
    // a proven result will not change with more depth
    if (Math.abs(scores[best]!) > PROVEN) break;
  }

  const sharp = paths.map((_, index) => offersCapture(state, index));
  const chosen = pick(scores, sharp, profile.noise, valid.risk, random);
  const score = scores[chosen]!;
  const reason = moveReason(state, paths[chosen]!, {
    ...details,
    score: depth > 0 ? score : null,
    proven: depth > 0 && Math.abs(score) > PROVEN,
    offersCapture: sharp[chosen]!,
    style: valid.style,
  });
  return {
    move: notations[chosen]!,
    trace: {
      candidates: notations.map((move, index) => ({ move, score: scores[index]! })),
      depth,
      nodes: search.nodes,
      chosen: notations[chosen]!,
      reason,
      advantage: depth > 0 ? advantageOf(score) : 0,
      proven: depth > 0 && Math.abs(score) > PROVEN,
    },
  };
}

/**
 * Picks among scored candidates: noise blurs the scores (weaker skills misjudge), risk adds a
 * small bonus for moves that offer the opponent a capture (exchanges, sacrifices). Proven wins
 * are never traded away for a bonus, nor a proven loss's longest line for a shorter one.
 */
function pick(
  scores: readonly number[],
  sharp: readonly boolean[],
  noise: number,
  risk: number,
  random: Random,
): number {
  const top = Math.max(...scores);
  let chosen = 0;
  let bestValue = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < scores.length; i++) {
    const jitter = (random() * 2 - 1) * noise;
    let value = scores[i]! + jitter + (sharp[i] ? risk * 12 : 0);
    // a proven result is played exactly: the shortest win, or the longest resistance in a loss
    if (Math.abs(top) > PROVEN && scores[i]! < top) value = Number.NEGATIVE_INFINITY;
    if (value > bestValue) {
      bestValue = value;
      chosen = i;
    }
  }
  return chosen;
}

function offersCapture(state: CheckersState, index: number): boolean {
  const after = playPath(state, legalPaths(state)[index]!);
  const board = boardOf(after);
  const moves = new Int32Array(96 * 3);
  return board.generate(moves, 0) > 0 && moves[2] !== 0;
}

/** The mover's score as -1..1: ±1 for a proven result, else its chances by the fitted curve. */
function advantageOf(score: number): number {
  if (Math.abs(score) > PROVEN) return Math.sign(score);
  return advantageOfChance(checkersChance(score));
}

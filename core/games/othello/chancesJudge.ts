import {
  type ChancesVerdict,
  chancesDepthReached,
  chancesVerdict,
  type JudgeOptions,
  timeForChances,
} from '#core/games/verdict.ts';
import { othelloChance } from './chances.ts';
import { STYLE_WEIGHTS } from './evaluation.ts';
import { MidgameSearch } from './midgameSearch.ts';
import { discCounts, legalMoves, legalSquares, stateOfMoves } from './position.ts';
import { SearchAborted } from './searchBudget.ts';
import { PASS, squareIndex, squareName } from './squares.ts';

/** Positions a chances verdict may visit (docs/FIGURES.md, `bench -- verdicts`). */
export const OTHELLO_CHANCES_NODES = 40_000;

/**
 * The verdict on playing `move` after `moves` from the drop in winning chances, before the
 * exact verdict's 20 empties: every square scored by the balanced midgame search, deepened
 * while the budget lasts (`chancesNodes`, else OTHELLO_CHANCES_NODES) up to `chancesDepth` if
 * given. Null for a pass (the only move), a move that is not legal, or when not
 * even one depth finished.
 */
export function judgeOthelloByChances(
  moves: readonly string[],
  move: string,
  options: JudgeOptions,
): ChancesVerdict | null {
  if (!timeForChances(options)) return null;
  const state = stateOfMoves(moves);
  if (move === PASS || !legalMoves(state).includes(move)) return null;
  const squares = legalSquares(state);
  const { mover, other } = discCounts(state);
  const search = new MidgameSearch(STYLE_WEIGHTS.balanced);
  const budget = { ...options, maxNodes: options.chancesNodes ?? OTHELLO_CHANCES_NODES };
  let scores: number[] | null = null;
  let searched = 0;
  for (let depth = 1; depth <= 64 - mover - other; depth++) {
    try {
      scores = search.scoreMoves(
        state.pLo,
        state.pHi,
        state.oLo,
        state.oHi,
        squares,
        depth,
        budget,
      );
      searched = depth;
    } catch (error) {
      if (error instanceof SearchAborted) break;
      throw error;
    }
    if (chancesDepthReached(options, depth)) break;
  }
  if (!scores) return null;
  return chancesVerdict(
    squares.map(squareName),
    scores,
    squares.indexOf(squareIndex(move)),
    othelloChance,
    searched,
  );
}

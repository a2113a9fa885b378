import {
  type ChancesVerdict,
  chancesDepthReached,
  chancesVerdict,
  type JudgeOptions,
  timeForChances,
} from '#core/games/verdict.ts';
import { HeuristicSearch } from './agent/heuristicSearch.ts';
import { CELLS } from './bitboard.ts';
import { connect4Chance } from './chances.ts';
import { Connect4Position } from './position.ts';
import { SearchAborted } from './searchBudget.ts';

/** Positions a chances verdict may visit (docs/FIGURES.md, `bench -- verdicts`). */
export const CONNECT4_CHANCES_NODES = 40_000;

/**
 * The verdict on playing `column` after `moves` from the drop in winning chances, where no exact
 * verdict reaches: every column scored by the balanced heuristic search, deepened while the
 * budget lasts (`chancesNodes`, else CONNECT4_CHANCES_NODES) up to `chancesDepth` if given.
 * Null when the move is not legal, or not even one depth finished.
 */
export function judgeConnect4ByChances(
  moves: string,
  column: number,
  options: JudgeOptions,
): ChancesVerdict | null {
  if (!timeForChances(options)) return null;
  const position = Connect4Position.fromMoves(moves);
  if (!position.canPlay(column)) return null;
  const search = new HeuristicSearch('balanced');
  const budget = { ...options, maxNodes: options.chancesNodes ?? CONNECT4_CHANCES_NODES };
  let scores: (number | null)[] | null = null;
  let searched = 0;
  for (let depth = 1; depth <= CELLS - position.nbMoves; depth++) {
    try {
      scores = search.scoreMoves(position, depth, budget);
      searched = depth;
    } catch (error) {
      if (error instanceof SearchAborted) break;
      throw error;
    }
    if (chancesDepthReached(options, depth)) break;
  }
  if (!scores) return null;
  const legal = position.legalMoves();
  return chancesVerdict(
    legal.map(String),
    legal.map((c) => scores[c - 1] ?? Number.NEGATIVE_INFINITY),
    legal.indexOf(column),
    connect4Chance,
    searched,
  );
}

import {
  type ChancesVerdict,
  chancesDepthReached,
  chancesVerdict,
  type JudgeOptions,
  timeForChances,
} from '#core/games/verdict.ts';
import { checkersChance } from './chances.ts';
import { pathNotation } from './paths.ts';
import { Search, SearchAborted } from './search.ts';
import { styleWeights } from './skillProfile.ts';
import { legalPaths, replay } from './state.ts';
import { TranspositionTable } from './transpositionTable.ts';

/** Positions a chances verdict may visit (docs/FIGURES.md, `bench -- verdicts`). */
export const CHECKERS_CHANCES_NODES = 40_000;
const MAX_DEPTH = 40;

// The judge's own table (never shared with the agents, so a verdict cannot change what an agent
// plays), emptied for each verdict so a verdict depends on its position alone, wherever it runs.
let judgeTable: TranspositionTable | null = null;

/**
 * The verdict on playing `move` after `moves` from the drop in winning chances, where no endgame
 * verdict reaches: every move scored by the balanced search, deepened while the budget lasts
 * (`chancesNodes`, else CHECKERS_CHANCES_NODES) up to `chancesDepth` if given (moves far below
 * the best are bounds, so a large drop is at least the one shown). The only move is scored too
 * (a forced capture, or the move that ends a game by blocking): it is the best there is, and the
 * game's last move must say how it ended. Null for a move that is not legal, or when not even one
 * depth finished.
 */
export function judgeCheckersByChances(
  moves: readonly string[],
  move: string,
  options: JudgeOptions,
): ChancesVerdict | null {
  if (!timeForChances(options)) return null;
  const state = replay(moves);
  const paths = legalPaths(state);
  const names = paths.map(pathNotation);
  const playedIndex = names.indexOf(move);
  if (playedIndex < 0) return null;
  judgeTable ??= new TranspositionTable();
  judgeTable.reset();
  const search = new Search(styleWeights('balanced'), judgeTable);
  const limits = { ...options, maxNodes: options.chancesNodes ?? CHECKERS_CHANCES_NODES };
  let scores: number[] | null = null;
  let searched = 0;
  let best = 0;
  for (let depth = 1; depth <= MAX_DEPTH; depth++) {
    try {
      scores = search.scoreRoot(state, depth, best, limits);
      searched = depth;
    } catch (error) {
      if (error instanceof SearchAborted) break;
      throw error;
    }
    best = scores.indexOf(Math.max(...scores));
    if (chancesDepthReached(options, depth)) break;
  }
  if (!scores) return null;
  return chancesVerdict(names, scores, playedIndex, checkersChance, searched);
}

import type { MoveAnalysisStep, MoveValue } from '#core/games/moveAnalysis.ts';
import { checkersChance } from './chances.ts';
import { pathNotation } from './paths.ts';
import { PROVEN, Search, WIN } from './search.ts';
import { styleWeights } from './skillProfile.ts';
import { legalPaths, replay } from './state.ts';
import { TranspositionTable } from './transpositionTable.ts';

/** The deepest search the browser runs before it stops on its own. */
const MAX_DEPTH = 24;
const NO_LIMIT = {
  maxNodes: Number.POSITIVE_INFINITY,
  deadline: Number.POSITIVE_INFINITY,
  now: () => 0,
};

let table: TranspositionTable | undefined;

/** A score as the page shows it: a proven result in the winner's moves, else winning chances. */
function moveValue(move: string, score: number): MoveValue {
  if (Math.abs(score) > PROVEN) {
    const moves = Math.ceil((WIN - Math.abs(score)) / 2);
    return { move, kind: 'proven', value: Math.sign(score) * moves };
  }
  return { move, kind: 'chance', value: Math.round(100 * checkersChance(score)) };
}

/**
 * What a deep search says of every move after `moves`, for the watch page's worker: the
 * balanced search deepened one ply at a time (its table kept), each depth posted as it
 * finishes, exact where it proves a win or a loss, else in winning chances, to depth 24, until
 * every move is proven, or until the page stops the worker. Moves far below the best are
 * searched against a window, so their value is at most the one shown.
 */
export function analyzeCheckersMoves(
  moves: readonly string[],
  post: (step: MoveAnalysisStep) => void,
): void {
  const state = replay(moves);
  const paths = legalPaths(state);
  if (paths.length === 0) throw new Error('The game is over here.');
  const names = paths.map(pathNotation);
  table ??= new TranspositionTable(20);
  const search = new Search(styleWeights('balanced'), table);
  let best = 0;
  for (let depth = 1; depth <= MAX_DEPTH; depth++) {
    const scores = search.scoreRoot(state, depth, best, NO_LIMIT);
    best = scores.indexOf(Math.max(...scores));
    const values = scores.map((score, index) => moveValue(names[index]!, score));
    const exact = values.every((value) => value.kind === 'proven');
    post({ depth, exact, total: paths.length, values, final: exact || depth === MAX_DEPTH });
    if (exact) return;
  }
}

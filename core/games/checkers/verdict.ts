import {
  type ExactValue,
  type ExactVerdict,
  gradeOf,
  type JudgeOptions,
} from '#core/games/verdict.ts';
import { checkersEndgame } from './endgame/installed.ts';
import { isWin } from './endgame/tables.ts';
import { type MovePath, pathNotation } from './paths.ts';
import { PROVEN, Search, SearchAborted, WIN } from './search.ts';
import { styleWeights } from './skillProfile.ts';
import { popcount32 } from './squares.ts';
import { type CheckersState, legalPaths, playPath, replay, stateOutcome } from './state.ts';
import { TranspositionTable } from './transpositionTable.ts';

// Endgames this small are searched to their end within the budget often enough to be worth the
// try (a judge that finds no proof costs its budget and gives no verdict).
export const CHECKERS_VERDICT_PIECES = 8;
// Positions one search of a verdict may visit (a verdict on a move worse than the best takes two).
// A quarter of a million finds 92% of the proofs a million does at 28% of its time (`npm run
// bench -- checkersProofs`): a proof beyond it comes a few moves later, nearer the end, while a
// million a move, unproven through a long ending, cost up to a minute a game and, cut by the
// pause, left the move no time for its chances verdict.
export const CHECKERS_VERDICT_NODES = 250_000;
// Deeper than any proof the budget allows.
const MAX_DEPTH = 60;

// The judge's own table, apart from the agents' (3 MB), emptied for each search.
let table: TranspositionTable | null = null;

/**
 * The exact value of a proven score: a win or a loss that many plies from the position (the move
 * judged counted), or the draw a move makes at once by repetition or the forty-move rule. The
 * search proves wins and losses only to the end of the game: a draw further on needs those
 * rules searched out, which no budget here reaches, so no other verdict rests on one.
 */
function exactValue(score: number): ExactValue {
  if (score === 0) return { result: 'draw', by: 0 };
  return score > 0 ? { result: 'win', by: WIN - score } : { result: 'loss', by: WIN + score };
}

/**
 * Whether a verdict is worth a search: endgames of up to `CHECKERS_VERDICT_PIECES` pieces where
 * one side has more pieces, or a capture is due. Level endgames without a capture are draws in
 * practice, which the search cannot prove: judging them spent the whole budget on every move of
 * a long drawn ending for nothing.
 */
export function worthJudging(state: CheckersState, paths: readonly MovePath[]): boolean {
  const dark = popcount32(state.dark);
  const light = popcount32(state.light);
  if (dark + light > CHECKERS_VERDICT_PIECES) return false;
  return dark !== light || paths.some((path) => path.captured !== 0);
}

/**
 * Iterative deepening until the best root score is a proven result; the root scores then, or
 * null when the budget ends first. Moves worse than the best are scored as bounds only.
 */
function provenScores(
  search: Search,
  state: CheckersState,
  options: JudgeOptions & { maxNodes: number },
) {
  const limits = () => ({
    maxNodes: options.maxNodes - search.nodes,
    deadline: options.deadline,
    now: options.now,
  });
  let best = 0;
  for (let depth = 1; depth <= MAX_DEPTH; depth++) {
    const scores = search.scoreRoot(state, depth, best, limits());
    best = scores.indexOf(Math.max(...scores));
    if (Math.abs(scores[best]!) > PROVEN) return { scores, best };
  }
  return null;
}

/**
 * The exact verdict on playing `move` after `moves`, in endgames of up to
 * `CHECKERS_VERDICT_PIECES` pieces, where the search proves the position's value and the move's
 * (a forced win, or a loss every move meets) within `CHECKERS_VERDICT_NODES`; null elsewhere.
 * Values are the plies to the end of the game.
 */
export function judgeCheckers(
  moves: readonly string[],
  move: string,
  options: JudgeOptions,
): ExactVerdict | null {
  return judgeCheckersAt(replay(moves), move, options);
}

/**
 * `judgeCheckers` in any position (tests build endgames square by square, and may search less
 * than `CHECKERS_VERDICT_NODES`).
 */
export function judgeCheckersAt(
  state: CheckersState,
  move: string,
  judgeOptions: JudgeOptions & { maxNodes?: number },
): ExactVerdict | null {
  const options = { ...judgeOptions, maxNodes: judgeOptions.maxNodes ?? CHECKERS_VERDICT_NODES };
  const paths = legalPaths(state);
  const index = paths.map(pathNotation).indexOf(move);
  if (index === -1) return null;
  const fromTables = endgameScores(state, paths);
  if (fromTables) return verdictOf(fromTables, index, paths);
  if (!worthJudging(state, paths)) return null;
  table ??= new TranspositionTable();
  try {
    const root = new Search(styleWeights('balanced'), table);
    const proven = provenScores(root, state, options);
    if (!proven) return null;
    const best = proven.scores[proven.best]!;
    let played = best;
    if (index !== proven.best) {
      // The root search bounds a worse move; its exact value is the reply's, one ply further.
      const after = playPath(state, paths[index]!);
      const outcome = stateOutcome(after);
      if (outcome.status === 'finished') played = outcome.winner === null ? 0 : WIN - 1;
      else {
        const replies = provenScores(new Search(styleWeights('balanced'), table), after, options);
        if (!replies) return null;
        const answer = replies.scores[replies.best]!;
        played = answer > 0 ? -(answer - 1) : -(answer + 1);
      }
    }
    return verdictOf(proven.scores.with(index, played), index, paths, proven.best);
  } catch (error) {
    if (error instanceof SearchAborted) return null;
    throw error;
  }
}

/**
 * The mover's score of every move, as the search scores proofs, when the endgame tables hold
 * every position the moves lead to; null otherwise. A draw there is exact too: the tables prove
 * what no search budget could.
 */
function endgameScores(state: CheckersState, paths: readonly MovePath[]): number[] | null {
  const tables = checkersEndgame();
  if (!tables) return null;
  const scores: number[] = [];
  for (const path of paths) {
    const after = playPath(state, path);
    const outcome = stateOutcome(after);
    if (outcome.status === 'finished') {
      // the move ends the game at once: a win, or a draw by the game's own rules
      scores.push(outcome.winner === null ? 0 : WIN - 1);
      continue;
    }
    const value = tables.probe(after.dark, after.light, after.kings, after.side);
    if (value < 0) return null;
    // the reply's value, one ply further, from the mover's side
    scores.push(value === 0 ? 0 : isWin(value) ? -(WIN - value) : WIN - value);
  }
  return scores;
}

// the verdict on move `index` among scored moves (`best`, the best one's index, when known)
function verdictOf(
  scores: readonly number[],
  index: number,
  paths: readonly MovePath[],
  best = scores.indexOf(Math.max(...scores)),
): ExactVerdict {
  const grade = gradeOf(scores[best]!, scores[index]!);
  return {
    grade,
    exact: true,
    unit: 'plies',
    best: exactValue(scores[best]!),
    played: exactValue(scores[index]!),
    ...(grade === 'best' ? {} : { better: pathNotation(paths[best]!) }),
  };
}

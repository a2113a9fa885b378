import { GridmindError } from '#core/errors.ts';
import { analyzeColumns } from '#core/games/connect4/analyzeColumns.ts';
import { CELLS } from '#core/games/connect4/bitboard.ts';
import type { ExactSolver } from '#core/games/connect4/exactSolver.ts';
import { Connect4Position } from '#core/games/connect4/position.ts';
import {
  type AnalysisReply,
  analysisRequestSchema,
  type ColumnVerdict,
} from './analysisMessages.ts';

// The winner of a game ends with at most 21 stones; a score is 22 minus the winner's stones.
const STONES_PLUS_ONE = CELLS / 2 + 1;

/**
 * Turns a solver score of `column` (the mover's side, null for a full column) into a verdict:
 * how many moves the winner still plays, counted from the position after `nbMoves` moves.
 */
export function columnVerdict(
  column: number,
  score: number | null,
  nbMoves: number,
): ColumnVerdict {
  if (score === null) return { column, outcome: 'full' };
  if (score === 0) return { column, outcome: 'draw' };
  const moverStones = Math.floor(nbMoves / 2);
  if (score > 0) return { column, outcome: 'win', moves: STONES_PLUS_ONE - score - moverStones };
  return { column, outcome: 'loss', moves: STONES_PLUS_ONE + score - (nbMoves - moverStones) };
}

/**
 * The analysis worker's whole job, without the worker: checks one request, scores every column
 * of its position with `solver` (posting each column as it is known), then posts all of them and
 * the best columns. Synchronous: the page stops it by terminating the worker.
 */
export function analyzePosition(
  data: unknown,
  solver: ExactSolver,
  post: (reply: AnalysisReply) => void,
): void {
  const request = analysisRequestSchema.safeParse(data);
  if (!request.success) {
    post({ type: 'error', moves: '', message: 'The analysis was asked for an unknown position.' });
    return;
  }
  const { moves } = request.data;
  try {
    const position = Connect4Position.fromMoves(moves);
    const nbMoves = position.nbMoves;
    const startNodes = solver.nodes;
    let done = 0;
    const scores = analyzeColumns(solver, position, {
      onColumn: (column, score) => {
        done++;
        post({ type: 'column', moves, verdict: columnVerdict(column, score, nbMoves), done });
      },
    });
    const best = Math.max(...scores.map((score) => score ?? Number.NEGATIVE_INFINITY));
    post({
      type: 'result',
      moves,
      columns: scores.map((score, index) => columnVerdict(index + 1, score, nbMoves)),
      best: scores.flatMap((score, index) => (score === best ? [index + 1] : [])),
      nodes: solver.nodes - startNodes,
    });
  } catch (error) {
    // Our own errors say what is wrong (a finished game, a bad move list); anything else does not
    // belong on the page.
    const message =
      error instanceof GridmindError ? error.shortMessage : 'The analysis failed unexpectedly.';
    post({ type: 'error', moves, message });
  }
}

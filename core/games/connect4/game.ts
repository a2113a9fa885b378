import { ValidationError } from '#core/errors.ts';
import type { BoardPicture, PictureCell } from '#core/games/boardPicture.ts';
import type { AgentDecision, GameDefinition, GameOutcome } from '#core/games/definition.ts';
import { exactElseChances } from '#core/games/verdict.ts';
import { advantageOfChance } from '#core/games/winChances.ts';
import { decide } from './agent/decide.ts';
import { CELLS, HEIGHT, WIDTH } from './bitboard.ts';
import { connect4Chance, DECISIVE_SCORE } from './chances.ts';
import { judgeConnect4ByChances } from './chancesJudge.ts';
import { Connect4Position } from './position.ts';
import { judgeConnect4 } from './verdict.ts';

function columnOf(move: string): number {
  if (!/^[1-7]$/.test(move)) {
    throw new ValidationError(`"${move}" is not a Connect Four move: columns are 1 to 7.`);
  }
  return Number(move);
}

/**
 * The mover's judgement of its move on the chart's -1..1 scale: a proven result's sign, else
 * its winning chances through the curve fitted to the agents' games.
 */
function advantageOf(score: number, exact: boolean): number {
  if (exact || Math.abs(score) >= DECISIVE_SCORE) return Math.sign(score);
  return advantageOfChance(connect4Chance(score));
}

function outcomeOf(position: Connect4Position): GameOutcome {
  const outcome = position.outcome();
  if (outcome.status === 'ongoing') return outcome;
  if (outcome.status === 'draw') {
    return { status: 'finished', winner: null, reason: 'board-full', cells: [] };
  }
  const winner = outcome.winner === 1 ? 0 : 1;
  return { status: 'finished', winner, reason: 'four-in-a-row', cells: outcome.line };
}

const CELL_PICTURES: readonly PictureCell[] = ['empty', 'first', 'second'];

/** The frame as seen from the front: the top row first. */
function pictureOf(position: Connect4Position): BoardPicture {
  const cells: PictureCell[] = [];
  for (let row = HEIGHT - 1; row >= 0; row--) {
    for (let column = 1; column <= WIDTH; column++) {
      cells.push(CELL_PICTURES[position.cellAt(column, row)] ?? 'empty');
    }
  }
  return { columns: WIDTH, rows: HEIGHT, cells, surface: 'slots' };
}

function perft(position: Connect4Position, depth: number): number {
  if (depth === 0) return 1;
  if (position.outcome().status !== 'ongoing') return 0;
  let leaves = 0;
  for (const column of position.legalMoves()) {
    position.play(column);
    leaves += perft(position, depth - 1);
    position.undo();
  }
  return leaves;
}

/**
 * Connect Four: 7 columns of 6, first to line up four. A move is its column, `'1'`..`'7'`, and a
 * match's moves are those digits run together (the solver literature's move string). Cells are
 * `row * 7 + (column - 1)`, row 0 at the bottom.
 */
export const connect4Game: GameDefinition<Connect4Position> = {
  id: 'connect4',
  name: 'Connect Four',
  maxPlies: CELLS,
  cellCount: CELLS,
  initial: () => new Connect4Position(),
  sideToMove: (position) => (position.nbMoves % 2 === 0 ? 0 : 1),
  legalMoves: (position) =>
    position.outcome().status === 'ongoing' ? position.legalMoves().map(String) : [],
  play(position, move) {
    const column = columnOf(move);
    if (position.outcome().status !== 'ongoing') {
      throw new ValidationError('The game is over: there is no move to make.');
    }
    if (!position.canPlay(column)) throw new ValidationError(`Column ${column} is full.`);
    return position.clone().play(column);
  },
  outcome: outcomeOf,
  picture: pictureOf,
  encodeMoves: (moves) => moves.map(columnOf).join(''),
  decodeMoves(encoded) {
    if (!/^[1-7]*$/.test(encoded)) {
      throw new ValidationError('A Connect Four move list holds only the columns 1 to 7.');
    }
    return [...encoded];
  },
  perft: (depth) => perft(new Connect4Position(), depth),
  // exact from the books and solves; before they reach, by the drop in chances
  judge: (moves, move, options) =>
    exactElseChances(
      options,
      (exact) => judgeConnect4(moves.join(''), columnOf(move), exact),
      (chances) => judgeConnect4ByChances(moves.join(''), columnOf(move), chances),
    ),
  decide(moves, traits, options): AgentDecision {
    const decision = decide(moves.join(''), traits, options);
    const chosenScore =
      decision.trace.candidates.find((candidate) => candidate.move === decision.move)?.score ?? 0;
    return {
      move: String(decision.move),
      trace: {
        candidates: decision.trace.candidates.map(({ move, score }) => ({
          move: String(move),
          score,
        })),
        depth: decision.trace.depth,
        nodes: decision.trace.nodes,
        chosen: String(decision.trace.chosen),
        reason: decision.trace.reason,
        advantage: advantageOf(chosenScore, decision.exact),
        proven: decision.exact || Math.abs(chosenScore) >= DECISIVE_SCORE,
      },
    };
  },
};

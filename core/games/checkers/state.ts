import { ValidationError } from '#core/errors.ts';
import type { GameOutcome } from '#core/games/definition.ts';
import { Board, START } from './board.ts';
import { type MovePath, movePaths, pathNotation } from './paths.ts';
import { squaresOf } from './squares.ts';

/**
 * A checkers position and what the draw rules need. Immutable: `playMove` returns a new state.
 */
export interface CheckersState {
  /** Bits of the squares (square n is bit n-1) holding dark pieces, light pieces, kings. */
  readonly dark: number;
  readonly light: number;
  readonly kings: number;
  /** 0 when dark (the first mover) is to move. */
  readonly side: 0 | 1;
  /** Plies played since the start. */
  readonly ply: number;
  /** Plies since the last capture or man move: the forty-move rule's counter. */
  readonly quietPlies: number;
  /**
   * Zobrist keys, two words per position (side to move included), of every position since the
   * last capture or man move, the current one last: no earlier position can come back.
   */
  readonly history: readonly number[];
}

/**
 * The longest game: a draw ('move-limit') at this ply. The draw rules alone allow far longer
 * games in theory (about 190 irreversible moves, each followed by up to 79 quiet plies), but
 * games end well before it in practice (see the random-game test and the engine bench).
 */
export const MAX_PLIES = 400;
/** Forty moves by each side without a capture or a man move. */
export const QUIET_PLIES_DRAW = 80;

/** The starting position. */
export function initialState(): CheckersState {
  const board = new Board().set(START.dark, START.light, 0, 0);
  return { ...START, ply: 0, quietPlies: 0, history: [board.keyIndex, board.keyLock] };
}

/** A hot-loop board holding the state's position. */
export function boardOf(state: CheckersState): Board {
  return new Board().set(state.dark, state.light, state.kings, state.side);
}

/** The legal moves with their paths; empty when the game is over, a draw included. */
export function legalPaths(state: CheckersState): MovePath[] {
  if (drawReason(state) !== null) return [];
  return movePaths(boardOf(state));
}

/** The position after `move` (notation); throws `ValidationError` when it is not legal here. */
export function playMove(state: CheckersState, move: string): CheckersState {
  const path = legalPaths(state).find((candidate) => pathNotation(candidate) === move);
  if (!path) throw new ValidationError(`${move} is not a legal move here.`);
  return playPath(state, path);
}

/** The position after a legal move given by its path. */
export function playPath(state: CheckersState, { path, captured }: MovePath): CheckersState {
  const board = boardOf(state);
  const from = path[0]!;
  const irreversible = captured !== 0 || (state.kings & (1 << from)) === 0;
  board.make(from, path[path.length - 1]!, captured);
  const key = [board.keyIndex, board.keyLock];
  return {
    dark: board.dark,
    light: board.light,
    kings: board.kings,
    side: board.side,
    ply: state.ply + 1,
    quietPlies: irreversible ? 0 : state.quietPlies + 1,
    history: irreversible ? key : [...state.history, ...key],
  };
}

/** How often the current position has occurred (same side to move), this time included. */
export function repetitions(state: CheckersState): number {
  const { history } = state;
  const index = history[history.length - 2];
  const lock = history[history.length - 1];
  let seen = 0;
  for (let i = 0; i < history.length; i += 2) {
    if (history[i] === index && history[i + 1] === lock) seen++;
  }
  return seen;
}

function drawReason(state: CheckersState): string | null {
  if (repetitions(state) >= 3) return 'repetition';
  if (state.quietPlies >= QUIET_PLIES_DRAW) return 'forty-moves';
  if (state.ply >= MAX_PLIES) return 'move-limit';
  return null;
}

/**
 * Whether the game is over. The side to move with no legal move (no pieces, or all blocked)
 * loses: reason 'no-moves', cells the winner's pieces. Draws: 'repetition' (third occurrence),
 * 'forty-moves' (80 quiet plies), 'move-limit' (`MAX_PLIES`), with no cells.
 */
export function stateOutcome(state: CheckersState): GameOutcome {
  if (movePaths(boardOf(state)).length === 0) {
    const winner = state.side === 0 ? 1 : 0;
    const cells = squaresOf(winner === 0 ? state.dark : state.light);
    return { status: 'finished', winner, reason: 'no-moves', cells };
  }
  const reason = drawReason(state);
  if (reason !== null) return { status: 'finished', winner: null, reason, cells: [] };
  return { status: 'ongoing' };
}

/** Replays notation moves from the start; throws `ValidationError` at the first illegal one. */
export function replay(moves: readonly string[]): CheckersState {
  let state = initialState();
  for (const [index, move] of moves.entries()) {
    try {
      state = playMove(state, move);
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      throw new ValidationError(`Move ${index + 1} (${move}) is not legal.`, { cause: error });
    }
  }
  return state;
}

/**
 * A state holding a given position (squares 1–32), for tests, puzzles and analysis; the draw
 * counters start from it unless given.
 * @internal
 */
export function stateFromSquares(
  position: { dark: readonly number[]; light: readonly number[]; kings?: readonly number[] },
  side: 0 | 1,
  counters: { ply?: number; quietPlies?: number } = {},
): CheckersState {
  const bits = (squares: readonly number[]) =>
    squares.reduce((all, square) => all | (1 << (square - 1)), 0);
  const board = new Board().set(
    bits(position.dark),
    bits(position.light),
    bits(position.kings ?? []),
    side,
  );
  return {
    dark: board.dark,
    light: board.light,
    kings: board.kings,
    side,
    ply: counters.ply ?? 0,
    quietPlies: counters.quietPlies ?? 0,
    history: [board.keyIndex, board.keyLock],
  };
}

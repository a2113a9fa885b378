/**
 * The contract every two-player board game of Gridmind implements, so agents, the match runner
 * and the board view never depend on Connect Four itself. States are immutable values: `apply`
 * returns a new one.
 */

/** Player 1 moves first. */
export type Seat = 1 | 2;

/** Where a game stands: running, won by a seat (with the cells that won it), or drawn. */
export type GameOutcome =
  | { status: 'ongoing' }
  | { status: 'won'; winner: Seat; line: readonly number[] }
  | { status: 'draw' };

/** A render-neutral picture of a board: a grid of seats, row 0 at the bottom. */
export interface BoardDescription {
  rows: number;
  columns: number;
  /** `cells[row * columns + column]`, 0 empty, otherwise the seat holding it. */
  cells: (0 | Seat)[];
  toMove: Seat;
  /** Cells to draw attention to (the winning line), same indexing as `cells`. */
  highlight: number[];
  /** The last move played, or null at the start. */
  lastMove: number | null;
}

/** A game's rules as pure functions of state and move. */
export interface Game<State, Move> {
  /** Stable identifier used in stored matches, e.g. 'connect4'. */
  readonly id: string;
  /** Name shown to people. */
  readonly name: string;
  /** The starting position. */
  initialState(): State;
  /** Reads a stored state back; throws `ValidationError` on anything invalid. */
  parseState(serialized: string): State;
  /** A compact text form of a state, accepted by `parseState`. */
  serializeState(state: State): string;
  /** Moves allowed for the seat to move (empty once the game is over). */
  legalMoves(state: State): Move[];
  /** The state after `move`; throws `ValidationError` when the move is not legal. */
  apply(state: State, move: Move): State;
  /** Running, won or drawn. */
  outcome(state: State): GameOutcome;
  /** Whose turn it is. */
  toMove(state: State): Seat;
  /** What a board view needs to draw the state. */
  describe(state: State): BoardDescription;
}

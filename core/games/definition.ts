import type { AgentTraits } from '#core/agents/traits.ts';
import type { BoardPicture } from './boardPicture.ts';
import type { JudgeOptions, MoveVerdict } from './verdict.ts';

/**
 * The seam between the platform and a game. Everything outside `core/games/<id>/` knows a game
 * only through its `GameDefinition`: the runner, the stream, the store, the routes and the
 * client never name one. Moves cross every boundary as the game's own notation (`'4'` in
 * Connect Four, `'d3'` or `'pass'` in Othello, `'11-15'` or `'9x18x27'` in checkers), and a
 * whole match as the game's compact move-list encoding (`encodeMoves`).
 */
export interface GameDefinition<State = unknown> {
  /** Registry id, stored in `matches.game`: lower case letters and digits. */
  readonly id: string;
  /** Display name, e.g. "Connect Four". */
  readonly name: string;
  /** An upper bound on a match's length in plies; the protocol refuses longer move lists. */
  readonly maxPlies: number;
  /** Cells on the board: winning cells are indices in 0..cellCount-1, in the game's own order. */
  readonly cellCount: number;

  /** The starting position. States are immutable values: `play` returns a new one. */
  initial(): State;
  /** Whose turn it is: 0 for the side that moved first, 1 for the other. */
  sideToMove(state: State): 0 | 1;
  /** Every legal move in notation, in a stable order; empty only when the game is over. */
  legalMoves(state: State): string[];
  /** The position after `move`; throws `ValidationError` when the move is not legal here. */
  play(state: State, move: string): State;
  /** Whether the game is over, who won, why, and which cells show it. */
  outcome(state: State): GameOutcome;
  /** The position as a grid of cells, for pictures drawn without the client (link previews). */
  picture(state: State): BoardPicture;
  /** The running score, first side's then the other's, where the game keeps one (discs). */
  score?(state: State): readonly [number, number];

  /**
   * The compact text stored in `matches.moves` and streamed: Connect Four's digit string, for
   * example. Round-trips with `decodeMoves`.
   */
  encodeMoves(moves: readonly string[]): string;
  /** The moves of an encoding; throws `ValidationError` when the text is malformed. */
  decodeMoves(encoded: string): string[];

  /** Leaf count of the move tree to `depth` plies from the start (perft), with fast internals. */
  perft(depth: number): number;

  /** What an agent with these traits plays (engine.ts of the game). */
  decide(moves: readonly string[], traits: AgentTraits, options: DecideOptions): AgentDecision;

  /**
   * The verdict on playing `move` after `moves`, where the game can judge it within a short node
   * budget; null where it cannot. Absent for a game that judges no move.
   */
  judge?(moves: readonly string[], move: string, options: JudgeOptions): MoveVerdict | null;
}

/** The end of a game, or that it goes on. `winner` 0 is the side that moved first. */
export type GameOutcome =
  | { status: 'ongoing' }
  | {
      status: 'finished';
      winner: 0 | 1 | null;
      /** Why it ended, one of the game's own reasons, e.g. 'four-in-a-row', 'no-moves'. */
      reason: string;
      /** Cells that show the result (the winning four, the winner's discs); may be empty. */
      cells: number[];
    };

/** Seed for reproducible choices; `deadline`/`now` are only a safety stop. */
export interface DecideOptions {
  seed: number;
  deadline: number;
  now: () => number;
}

/** Why a move was played: the candidates weighed, how deep and how hard the agent looked. */
export interface MoveTrace {
  /** Moves the agent scored, in notation, with its score in the engine's own units. */
  candidates: { move: string; score: number }[];
  depth: number;
  nodes: number;
  chosen: string;
  /** One line a person can read: "Takes the corner", "Blocks the four on column 3". */
  reason: string;
  /**
   * How the mover judged the position after its move, from -1 (lost) through 0 (even) to 1
   * (won), comparable across games: what the watch page's advantage chart draws.
   */
  advantage: number;
  /** The chosen move's score is proven (a solve, the book, a forced result), not a heuristic. */
  proven?: boolean | undefined;
}

/** A move in notation and its trace. */
export interface AgentDecision {
  move: string;
  trace: MoveTrace;
}

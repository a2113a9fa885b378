/**
 * What every game's board component takes (the client's board registry maps a game id to one).
 * The board decodes `moves` with its game's definition from `core/games/<id>/` and draws the
 * position after the first `count` of them.
 */
export interface BoardProps {
  /** The match's move list in the game's compact encoding (`matches.moves`). */
  moves: string;
  /** How many of the moves to show (the replay's position); defaults to all. */
  count?: number;
  /** Cells the server named in the result (winning line, winner's pieces), drawn highlighted. */
  resultCells?: readonly number[];
  /** 'mini' for cards in lists, 'large' on the watch page. */
  size?: 'large' | 'mini';
  /** The accessible name of the picture, e.g. "Board after move 12". */
  label: string;
  /** The players' names, first mover first. Given on the watch page: the board then takes focus
   * and is read square by square (or column by column) with the arrow keys, spoken through a
   * live region. */
  names?: readonly [string, string];
}

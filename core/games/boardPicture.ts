/**
 * What a position looks like, for pictures drawn outside the client (link previews): a grid of
 * cells read row by row from the top left, as a person sees the board. Every game fills one from
 * its own state (`GameDefinition.picture`), so whoever draws it never names a game.
 */
export interface BoardPicture {
  readonly columns: number;
  readonly rows: number;
  /** `columns * rows` cells, top row first, each left to right. */
  readonly cells: readonly PictureCell[];
  /**
   * How the board is drawn: `slots` a frame with round holes (pieces drop into columns),
   * `squares` one colour of squares, `checkered` light and dark squares (pieces on the dark).
   */
  readonly surface: 'slots' | 'squares' | 'checkered';
}

/** A cell: empty, a piece of the side that moved first or of the other, or a king of either. */
export type PictureCell = 'empty' | 'first' | 'second' | 'first-king' | 'second-king';

import type { GameId } from '#core/games/gameIds.ts';

/** A move as a sentence names it: "column 4" in Connect Four, the notation elsewhere ("d3"). */
export function moveText(game: GameId, move: string): string {
  return game === 'connect4' ? `column ${move}` : move;
}

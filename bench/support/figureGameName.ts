import type { GameId } from '#core/games/gameIds.ts';
import { gameOf } from '#core/games/registry.ts';

/** A game's name as docs/FIGURES.md writes it in a sentence: checkers is a common noun there. */
export function figureGameName(id: GameId): string {
  const { name } = gameOf(id);
  return id === 'checkers' ? name.toLowerCase() : name;
}

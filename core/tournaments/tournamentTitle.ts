import type { GameId } from '#core/games/gameIds.ts';
import { GAME_NAMES } from '#core/games/gameNames.ts';

/** A tournament's format, as its title words it. */
type TournamentFormat = 'round-robin' | 'swiss' | 'knockout';

const TITLE_FORMATS: Record<TournamentFormat, string> = {
  'round-robin': 'round robin',
  swiss: 'Swiss',
  knockout: 'knockout',
};

/**
 * What a tournament is called (it has no name of its own): "Othello Swiss". In core because the
 * tournament page and the server's list of what a user follows both say it.
 */
export function tournamentTitle(tournament: { game: GameId; format: TournamentFormat }): string {
  return `${GAME_NAMES[tournament.game]} ${TITLE_FORMATS[tournament.format]}`;
}

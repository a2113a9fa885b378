import { Link, useLocation } from 'react-router';
import { GAME_IDS, type GameId, isGameId } from '#core/games/gameIds.ts';
import { GAME_NAMES } from '#core/games/gameNames.ts';
import { useScriptsRunning } from '#src/lib/dom/useScriptsRunning.ts';

/**
 * The game `?game=` names, or null for every game (an unknown id counts as none). The page was
 * prerendered without a query, so hydration renders every game first and the filter right after:
 * the first render matches the HTML.
 */
export function useGameFilter(): GameId | null {
  // useLocation, not useSearchParams: the first load has the one, the other would join it there
  // (0.6 KB gzip of react-router) because the router's module is part of that load.
  const { search } = useLocation();
  const hydrated = useScriptsRunning();
  const game = new URLSearchParams(search).get('game');
  return hydrated && game !== null && isGameId(game) ? game : null;
}

/**
 * Links that show every game's matches or one game's; the current one is marked. Its stylesheet
 * is imported by src/main.tsx, as every prerendered page's is, so the first paint has it.
 */
export function GameFilter({ current }: { current: GameId | null }) {
  const choices = [null, ...GAME_IDS] as const;
  return (
    <nav className="game-filter" aria-label="Games">
      {choices.map((game) => (
        <Link
          key={game ?? 'all'}
          to={game ? `?game=${game}` : '?'}
          className="chip"
          aria-current={game === current ? 'page' : undefined}
          data-game={game ?? 'all'}
        >
          {game ? GAME_NAMES[game] : 'All games'}
        </Link>
      ))}
    </nav>
  );
}

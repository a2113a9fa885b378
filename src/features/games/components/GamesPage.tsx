import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LoadingStatus } from '#src/cache/LoadingStatus.tsx';
import { gamesQueryOptions } from '#src/features/games/api/gamesQueryOptions.ts';
import { GAME_BLURBS } from '#src/features/games/gameBlurbs.ts';

/**
 * Games: the catalogue, with how many matches are live and finished for each, and a follow button
 * for each game that the app passes in (`follow`), so this feature imports no other.
 */
export function GamesPage({
  follow,
}: {
  follow: (game: { id: string; name: string }) => ReactNode;
}) {
  const games = useQuery(gamesQueryOptions());
  return (
    <section className="page" aria-labelledby="page-games">
      <h1 id="page-games">Games</h1>
      <p className="lead">
        The strategy games our agents play, match by match and in{' '}
        <Link to="/games/tournaments">tournaments</Link> for a prize pool.
      </p>
      {games.isPending ? <LoadingStatus>Loading the games…</LoadingStatus> : null}
      {games.isError && !games.data ? <p role="alert">{games.error.message}</p> : null}
      <ul className="features">
        {games.data?.items.map((game) => (
          <li key={game.id} data-game-id={game.id}>
            <h2>{game.name}</h2>
            {follow({ id: game.id, name: game.name })}
            <p>
              {GAME_BLURBS[game.id]} <span data-testid="live-count">{game.live} live</span>,{' '}
              <span data-testid="finished-count">{game.finished} finished</span>.
            </p>
            <Link className="button primary" to={`/games/sessions?game=${game.id}`}>
              Watch {game.name}
            </Link>
            <Link className="button" to={`/games/tournaments?game=${game.id}`}>
              {game.name} tournaments
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

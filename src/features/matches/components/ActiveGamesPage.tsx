import { memo, type ReactNode } from 'react';
import { GAME_NAMES } from '#core/games/gameNames.ts';
import type { MatchSummary } from '#core/protocol/matches.ts';
import { LoadingStatus } from '#src/cache/LoadingStatus.tsx';
import { matchesQueryOptions } from '#src/features/matches/api/matchesQueryOptions.ts';
import { GameFilter, useGameFilter } from '#src/lib/games/GameFilter.tsx';
import { useDeferredQuery } from '#src/lib/query/useDeferredQuery.ts';
import { MatchCard } from './MatchCard.tsx';

/**
 * Active Games: every live match as a small board playing in place, recent finished below, of
 * every game or of the one `?game=` names.
 */
export function ActiveGamesPage({
  announcedMatches,
}: {
  /** The betting section over the announced matches, which the app composes in. */
  announcedMatches: (announced: readonly MatchSummary[] | undefined, pending: boolean) => ReactNode;
}) {
  const game = useGameFilter();
  const live = useDeferredQuery(matchesQueryOptions('live', 20, game));
  const finished = useDeferredQuery(matchesQueryOptions('finished', 12, game));
  const announced = useDeferredQuery(matchesQueryOptions('scheduled', 20, game));
  return (
    <section className="page" aria-labelledby="page-active-games">
      <h1 id="page-active-games">Active Games</h1>
      <p className="lead">
        Agents playing {game ? GAME_NAMES[game] : 'classic strategy games'} right now. Open a board
        to watch it up close.
      </p>
      <GameFilter current={game} />
      {announcedMatches(announced.data?.items, announced.isPending)}
      <h2>Live now</h2>
      {live.isPending ? (
        <LoadingStatus className="match-grid-pending">Loading live matches…</LoadingStatus>
      ) : null}
      {live.isError && !live.data ? <p role="alert">{live.error.message}</p> : null}
      {live.data && live.data.items.length === 0 ? (
        <p role="status">No match is being played right now; the next one starts shortly.</p>
      ) : null}
      <MatchGrid label="Live matches" matches={live.data?.items} />
      <h2>Recently finished</h2>
      {finished.isPending ? <LoadingStatus>Loading finished matches…</LoadingStatus> : null}
      {finished.isError && !finished.data ? <p role="alert">{finished.error.message}</p> : null}
      {finished.data?.items.length === 0 ? (
        <p role="status">No match has finished yet; each one comes here with its replay.</p>
      ) : null}
      <MatchGrid label="Finished matches" matches={finished.data?.items} />
    </section>
  );
}

/**
 * The cards, memoized: useDeferredQuery first re-renders the page with the list it had, which
 * then costs nothing here; the new list renders in the transition that follows.
 */
const MatchGrid = memo(function MatchGrid({
  label,
  matches,
}: {
  label: string;
  matches: readonly MatchSummary[] | undefined;
}) {
  return (
    <ul className="match-grid" aria-label={label}>
      {matches?.map((match) => (
        <li key={match.id}>
          <MatchCard match={match} />
        </li>
      ))}
    </ul>
  );
});

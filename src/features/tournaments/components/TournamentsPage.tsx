import { GAME_NAMES } from '#core/games/gameNames.ts';
import { LoadingStatus } from '#src/cache/LoadingStatus.tsx';
import { tournamentsQueryOptions } from '#src/features/tournaments/api/tournamentsQueryOptions.ts';
import { GameFilter, useGameFilter } from '#src/lib/games/GameFilter.tsx';
import { useDeferredQuery } from '#src/lib/query/useDeferredQuery.ts';
import { TournamentTable } from './TournamentTable.tsx';

/** Tournaments: upcoming, live and finished, over every game or the one `?game=` names. */
export function TournamentsPage() {
  const game = useGameFilter();
  const tournaments = useDeferredQuery(tournamentsQueryOptions(game));
  const where = game ? ` of ${GAME_NAMES[game]}` : '';
  return (
    <section className="page tournaments" aria-labelledby="page-tournaments">
      <h1 id="page-tournaments">Tournaments</h1>
      <p className="lead">
        Scheduled events where agents and bots play for a prize pool: the entry fees plus the
        house&apos;s prize. Open one for its rules, prizes, entrants and standings.
      </p>
      <GameFilter current={game} />
      {tournaments.isPending ? <LoadingStatus>Loading the tournaments…</LoadingStatus> : null}
      {tournaments.isError && !tournaments.data ? (
        <p role="alert">{tournaments.error.message}</p>
      ) : null}
      {tournaments.data ? (
        <>
          <h2 id="tournaments-live">Live</h2>
          <TournamentTable
            caption={`Live tournaments${where}`}
            tournaments={tournaments.data.live}
            empty={`No tournament${where} is being played right now.`}
          />
          <h2 id="tournaments-upcoming">Upcoming</h2>
          <TournamentTable
            caption={`Upcoming tournaments${where}`}
            tournaments={tournaments.data.upcoming}
            empty={`No tournament${where} is scheduled yet.`}
            countdown
          />
          <h2 id="tournaments-finished">Finished</h2>
          <TournamentTable
            caption={`Finished tournaments${where}`}
            tournaments={tournaments.data.finished}
            empty={`No tournament${where} has finished yet.`}
          />
        </>
      ) : null}
    </section>
  );
}

import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { tournamentTitle } from '#core/tournaments/tournamentTitle.ts';
import { LoadingStatus } from '#src/cache/LoadingStatus.tsx';
import { tournamentQueryOptions } from '#src/features/tournaments/api/tournamentQueryOptions.ts';
import { useTournamentStream } from '#src/features/tournaments/hooks/useTournamentStream.ts';
import { EntryPanel } from './EntryPanel.tsx';
import { KnockoutBracket } from './KnockoutBracket.tsx';
import { RoundGames } from './RoundGames.tsx';
import { TournamentFacts } from './TournamentFacts.tsx';
import { EntrantsTable, PrizeTable, StandingsTable } from './TournamentTables.tsx';

/**
 * One tournament: its facts, prize table, rules, entrants, standings with tie-breaks, a
 * knockout's bracket, and its rounds' games, each linking to its match. The app passes in the
 * follow button (`follow`), so this feature imports no other.
 */
export function TournamentPage({
  follow,
}: {
  follow: (tournament: { id: string; name: string }) => ReactNode;
}) {
  const { tournamentId = '' } = useParams();
  const detail = useQuery(tournamentQueryOptions(tournamentId));
  const status = detail.data?.tournament.status;
  useTournamentStream(tournamentId, status === 'scheduled' || status === 'live');
  if (detail.isPending) return <LoadingStatus>Loading the tournament…</LoadingStatus>;
  if (!detail.data) {
    return (
      <section className="page">
        <h1>Tournament not found</h1>
        <p role="alert">{detail.error?.message}</p>
        <Link to="/games/tournaments">All tournaments</Link>
      </section>
    );
  }
  const { tournament, prizes, rules, entrants, standings, rounds } = detail.data;
  const names = new Map(entrants.map((entrant) => [entrant.agentId, entrant.name]));
  const current = rounds.at(-1);
  return (
    <section className="page tournaments" aria-labelledby="tournament-title">
      <h1 id="tournament-title">{tournamentTitle(tournament)}</h1>
      {follow({ id: tournament.id, name: tournamentTitle(tournament) })}
      <TournamentFacts tournament={tournament} />
      <EntryPanel detail={detail.data} />
      <h2>Prizes</h2>
      <p>
        The pool is paid to the owners of the top finishers; shares won by built-in agents go to the
        house. Amounts grow with each entry fee paid.
      </p>
      <PrizeTable prizes={prizes} />
      <h2>Rules</h2>
      <ul className="tournament-rules" data-testid="tournament-rules">
        {rules.map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
      </ul>
      <h2>Entrants</h2>
      <EntrantsTable entrants={entrants} />
      <h2>Standings</h2>
      <StandingsTable standings={standings} />
      {tournament.format === 'knockout' && rounds.length > 0 && (
        <>
          <h2>Bracket</h2>
          <KnockoutBracket rounds={rounds} names={names} />
        </>
      )}
      {current && (
        <>
          <h2>{tournament.status === 'finished' ? 'Last round' : 'Current round'}</h2>
          <RoundGames round={current} names={names} />
        </>
      )}
      {rounds.length > 1 && (
        <details>
          <summary>Earlier rounds</summary>
          {rounds.slice(0, -1).map((round) => (
            <RoundGames key={round.number} round={round} names={names} />
          ))}
        </details>
      )}
      <Link to="/games/tournaments">All tournaments</Link>
    </section>
  );
}

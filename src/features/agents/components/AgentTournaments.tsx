import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { placeText } from '#core/format/place.ts';
import { GAME_NAMES } from '#core/games/gameNames.ts';
import type { AgentTournaments as AgentTournamentsData } from '#core/protocol/tournamentViews.ts';
import { LoadingStatus } from '#src/cache/LoadingStatus.tsx';
import { agentTournamentsQueryOptions } from '#src/features/agents/api/agentTournamentsQueryOptions.ts';

type Item = AgentTournamentsData['items'][number];

/** "1st of 8", "Playing, 6 entrants", "Entered, starts soon", "Cancelled". */
export function tournamentPlaceText({ tournament, place }: Item): string {
  if (tournament.status === 'cancelled') return 'Cancelled';
  if (tournament.status === 'scheduled') return `Entered, ${tournament.entrants} so far`;
  if (tournament.status === 'live') return `Playing, ${tournament.entrants} entrants`;
  return place === null ? 'Finished' : `${placeText(place)} of ${tournament.entrants}`;
}

const FORMAT_WORDS = { 'round-robin': 'round robin', swiss: 'Swiss', knockout: 'knockout' };

/** An agent's newest tournaments, each with its place and a link to the tournament's page. */
export function AgentTournaments({ agentId }: { agentId: string }) {
  const tournaments = useQuery(agentTournamentsQueryOptions(agentId));
  return (
    <section aria-labelledby="agent-tournaments">
      <h2 id="agent-tournaments">Tournaments</h2>
      {tournaments.isPending ? (
        <LoadingStatus>Loading tournaments…</LoadingStatus>
      ) : tournaments.isError ? (
        <p role="alert">Tournaments could not be loaded: {tournaments.error.message}</p>
      ) : tournaments.data.items.length === 0 ? (
        <p>
          No tournament yet. <Link to="/games/tournaments">See what is coming</Link>.
        </p>
      ) : (
        <ul className="agent-matches" data-testid="agent-tournaments">
          {tournaments.data.items.map((item) => (
            <li key={item.tournament.id}>
              <Link to={`/games/tournaments/${item.tournament.id}`}>
                {tournamentPlaceText(item)}
              </Link>
              <span className="agent-match-meta">
                {' · '}
                {GAME_NAMES[item.tournament.game]} {FORMAT_WORDS[item.tournament.format]} ·{' '}
                <time dateTime={item.tournament.startsAt}>
                  {new Date(item.tournament.startsAt).toLocaleDateString()}
                </time>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

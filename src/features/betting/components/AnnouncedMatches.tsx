import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { startsInText } from '../../../lib/time/startsInText.ts';
import { useNow } from '../../../lib/time/useNow.ts';
import { announcedMatchesQueryOptions } from '../api/announcedMatchesQueryOptions.ts';

/** Matches announced before their first move: where bets are taken, with a link to each. */
export function AnnouncedMatches() {
  const announced = useQuery(announcedMatchesQueryOptions());
  const items = announced.data?.items ?? [];
  const now = useNow(items.some((match) => match.startsAt !== undefined));
  return (
    <section aria-labelledby="announced-title">
      <h2 id="announced-title" className="section-title">
        Starting soon: place your bets
      </h2>
      {announced.isPending ? <p role="status">Looking for matches taking bets…</p> : null}
      {announced.data && items.length === 0 ? <p>No match is taking bets right now.</p> : null}
      <ul data-testid="announced-matches">
        {items.map((match) => (
          <li key={match.id}>
            <Link to={`/games/sessions/${match.id}`}>
              {match.players[0].name} vs {match.players[1].name}
            </Link>
            {match.startsAt === undefined
              ? null
              : ` · first move ${startsInText(Date.parse(match.startsAt), now)}`}
          </li>
        ))}
      </ul>
    </section>
  );
}

import { Link } from 'react-router';
import type { MatchSummary } from '#core/protocol/matches.ts';
import { LoadingStatus } from '#src/cache/LoadingStatus.tsx';
import { startsInText } from '#src/lib/time/startsInText.ts';
import { useNow } from '#src/lib/time/useNow.ts';

/**
 * Matches announced before their first move: where bets are taken, with a link to each. The page
 * passes in its `matchesQueryOptions('scheduled')` list, the one Home's featured section reads.
 */
export function AnnouncedMatches({
  announced,
  pending,
}: {
  announced: readonly MatchSummary[] | undefined;
  pending: boolean;
}) {
  const items = announced ?? [];
  const now = useNow(items.some((match) => match.startsAt !== undefined));
  return (
    <section aria-labelledby="announced-title">
      <h2 id="announced-title" className="section-title">
        Starting soon: place your bets
      </h2>
      {pending ? <LoadingStatus>Looking for matches taking bets…</LoadingStatus> : null}
      {announced?.length === 0 ? <p>No match is taking bets right now.</p> : null}
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

import { Link } from 'react-router';
import type { MatchSummary } from '#core/protocol/matches.ts';
import { GameBoard } from '#src/features/matches/boards/GameBoard.tsx';
import { startsInText } from '#src/lib/time/startsInText.ts';
import { useNow } from '#src/lib/time/useNow.ts';

/**
 * Home's featured section while no match is live (right after start-up every match is announced
 * first): the next announced match with a countdown to its first move, and the way to its watch
 * page, where bets are open until then.
 */
export function FeaturedAnnouncedMatch({ match }: { match: MatchSummary }) {
  const startsAtMs = match.startsAt === undefined ? undefined : Date.parse(match.startsAt);
  const now = useNow(startsAtMs !== undefined);
  const [first, second] = match.players;
  return (
    <section className="featured" aria-labelledby="featured-title" data-testid="featured-announced">
      <GameBoard
        game={match.game}
        moves=""
        label={`Empty board: ${first.name} against ${second.name} starts soon`}
      />
      <div>
        <h2 id="featured-title">
          Next up: {first.name} vs {second.name}
        </h2>
        <p data-testid="featured-starts-in">
          {startsAtMs === undefined
            ? 'The first move comes shortly.'
            : `First move ${startsInText(startsAtMs, now)}; bets are open until then.`}
        </p>
        <Link className="button primary" to={`/games/sessions/${match.id}`}>
          Watch this match
        </Link>
      </div>
    </section>
  );
}

import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { GAME_NAMES } from '#core/games/gameNames.ts';
import type { MatchSummary } from '#core/protocol/matches.ts';
import { matchesQueryOptions } from '#src/features/matches/api/matchesQueryOptions.ts';
import { Connect4Board } from '#src/features/matches/boards/Connect4Board.tsx';
import { GameBoard } from '#src/features/matches/boards/GameBoard.tsx';
import { latestMoves, useMatchStream } from '#src/features/matches/hooks/useMatchStream.ts';
import { FeaturedAnnouncedMatch } from './FeaturedAnnouncedMatch.tsx';
import { resultText } from './resultText.ts';

/**
 * Home's featured match: the newest live match, playing in place, with a way in to watch it; while
 * none is live, the next announced one.
 */
export function FeaturedMatch() {
  const live = useQuery(matchesQueryOptions('live'));
  const match = live.data?.items[0];
  const stream = useMatchStream(match?.id, match !== undefined, match?.plies ?? 0);
  const announced = useQuery({
    ...matchesQueryOptions('scheduled'),
    enabled: live.isSuccess && match === undefined,
  });
  const next = firstToStart(announced.data?.items ?? []);
  if (!live.isPending && !match && next) return <FeaturedAnnouncedMatch match={next} />;
  // While the list loads, and between matches, an empty board holds the section's place so the
  // page does not jump.
  if (live.isPending || !match) {
    return (
      <section className="featured" aria-labelledby="featured-title" aria-busy={live.isPending}>
        <Connect4Board
          moves=""
          label={live.isPending ? 'Empty board: looking for a live match' : 'Empty board'}
        />
        <div>
          <h2 id="featured-title">Live now</h2>
          {live.isPending ? (
            <p>Looking for a live match…</p>
          ) : (
            <>
              <p>No match is being played right now; the next one starts shortly.</p>
              <Link className="button" to="/games/sessions">
                See what starts next
              </Link>
            </>
          )}
        </div>
      </section>
    );
  }
  const { moves, plies } = latestMoves(match, stream);
  const [first, second] = match.players;
  const gameName = GAME_NAMES[match.game];
  return (
    <section className="featured" aria-labelledby="featured-title" data-testid="featured-match">
      <GameBoard
        game={match.game}
        moves={moves}
        resultCells={stream.result?.resultCells ?? []}
        label={`Featured ${gameName} match, ${first.name} against ${second.name}, move ${plies}`}
      />
      <div>
        <h2 id="featured-title">
          Live now: {first.name} vs {second.name}
        </h2>
        <p>
          {gameName}.{' '}
          {stream.result
            ? resultText(stream.result.result, first.name, second.name)
            : `Move ${plies}, ${plies % 2 === 0 ? first.name : second.name} to play.`}
        </p>
        <Link className="button primary" to={`/games/sessions/${match.id}`}>
          Watch this match
        </Link>
      </div>
    </section>
  );
}

/** The announced match whose first move comes soonest (the list is newest first). */
function firstToStart(announced: readonly MatchSummary[]): MatchSummary | undefined {
  let soonest: MatchSummary | undefined;
  for (const match of announced) {
    if (soonest === undefined || (match.startsAt ?? '') < (soonest.startsAt ?? '')) soonest = match;
  }
  return soonest;
}

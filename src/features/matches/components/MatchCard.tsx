import { Link } from 'react-router';
import { GAME_NAMES } from '#core/games/gameNames.ts';
import type { MatchSummary } from '#core/protocol/matches.ts';
import { GameBoard } from '#src/features/matches/boards/GameBoard.tsx';
import { latestMoves, useMatchStream } from '#src/features/matches/hooks/useMatchStream.ts';
import { resultText } from './resultText.ts';

/** A match as a small board that keeps playing in place while it is live. */
export function MatchCard({ match }: { match: MatchSummary }) {
  const live = match.status === 'live';
  const stream = useMatchStream(match.id, live, match.plies);
  const { moves, plies } = latestMoves(match, stream);
  const [first, second] = match.players;
  const over = stream.result ?? (live ? null : match);
  return (
    <Link
      to={`/games/sessions/${match.id}`}
      className="match-card"
      data-match-id={match.id}
      data-moves={moves}
    >
      <div className="versus">
        <span>
          <span className="dot-1" data-game={match.game} aria-hidden="true" />
          {first.name} <small>({first.rating})</small>
        </span>
        <span>
          <span className="dot-2" data-game={match.game} aria-hidden="true" />
          {second.name} <small>({second.rating})</small>
        </span>
      </div>
      <GameBoard
        game={match.game}
        moves={moves}
        size="mini"
        resultCells={over?.resultCells ?? []}
        label={`${GAME_NAMES[match.game]}: ${first.name} against ${second.name}, ${plies} moves played`}
      />
      <p className="meta">
        {GAME_NAMES[match.game]} ·{' '}
        {over ? resultText(over.result, first.name, second.name) : `Live · move ${plies}`}
      </p>
    </Link>
  );
}

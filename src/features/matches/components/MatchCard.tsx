import { Link } from 'react-router';
import type { MatchSummary } from '../../../../core/protocol/matches.ts';
import { mergeMoves, useMatchStream } from '../hooks/useMatchStream.ts';
import { Board } from './Board.tsx';
import { resultText } from './resultText.ts';

/** A match as a small board that keeps playing in place while it is live. */
export function MatchCard({ match }: { match: MatchSummary }) {
  const live = match.status === 'live';
  const stream = useMatchStream(match.id, live, match.moves.length);
  const moves = stream.result?.moves ?? mergeMoves(match.moves, stream);
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
          <span className="dot-1" aria-hidden="true" />
          {first.name} <small>({first.rating})</small>
        </span>
        <span>
          <span className="dot-2" aria-hidden="true" />
          {second.name} <small>({second.rating})</small>
        </span>
      </div>
      <Board
        moves={moves}
        size="mini"
        winningLine={over?.winningLine ?? []}
        label={`${first.name} against ${second.name}, ${moves.length} moves played`}
      />
      <p className="meta">
        {over ? resultText(over.result, first.name, second.name) : `Live · move ${moves.length}`}
      </p>
    </Link>
  );
}

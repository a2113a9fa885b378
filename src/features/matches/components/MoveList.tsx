import { useEffect, useRef } from 'react';
import type { MatchMove } from '../../../../core/protocol/matches.ts';

/** The chosen move's own score, as the agent saw it. */
export function evaluationOf(move: MatchMove): number | null {
  return move.trace.candidates.find((candidate) => candidate.move === move.column)?.score ?? null;
}

// Scores this large are the search's proven wins and losses, not positional judgements.
const DECISIVE_SCORE = 1000;

function signed(score: number | null): string {
  if (score === null) return '–';
  if (score >= DECISIVE_SCORE) return 'winning';
  if (score <= -DECISIVE_SCORE) return 'losing';
  return score > 0 ? `+${score}` : String(score);
}

/** Every move with the mover's evaluation and its one-line reason; a click jumps the replay. */
export function MoveList({
  turns,
  names,
  shown,
  onSelect,
}: {
  turns: readonly MatchMove[];
  names: readonly [string, string];
  shown: number;
  onSelect?: (ply: number) => void;
}) {
  const list = useRef<HTMLOListElement>(null);
  // Keep the shown move in view inside the list without scrolling the page.
  useEffect(() => {
    const current = list.current?.querySelector<HTMLElement>(`[data-ply="${shown}"]`);
    if (list.current && current) {
      list.current.scrollTop = current.offsetTop - list.current.clientHeight / 2;
    }
  }, [shown]);
  return (
    <ol className="move-list" aria-label="Moves" ref={list}>
      {turns.map((turn) => (
        <li key={turn.ply} className={turn.ply === shown ? 'current' : ''} data-ply={turn.ply}>
          <span>{turn.ply}.</span>
          <span>
            {onSelect ? (
              <button type="button" className="link-button" onClick={() => onSelect(turn.ply)}>
                {names[(turn.ply - 1) % 2]} → column {turn.column}
              </button>
            ) : (
              <>
                {names[(turn.ply - 1) % 2]} → column {turn.column}
              </>
            )}{' '}
            <small>({signed(evaluationOf(turn))})</small>
            <br />
            <span className="reason">{turn.trace.reason}</span>
          </span>
        </li>
      ))}
    </ol>
  );
}

/** The score of a move, signed for display. */
export const formatScore = signed;

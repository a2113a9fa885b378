import type { MatchMove } from '../../../../core/protocol/matches.ts';

/** The chosen move's own score, as the agent saw it. */
export function evaluationOf(move: MatchMove): number | null {
  return move.trace.candidates.find((candidate) => candidate.move === move.column)?.score ?? null;
}

function signed(score: number | null): string {
  if (score === null) return '–';
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
  return (
    <ol className="move-list" aria-label="Moves">
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

import { type KeyboardEvent, useEffect, useRef } from 'react';
import type { GameId } from '#core/games/gameIds.ts';
import type { MatchMove } from '#core/protocol/matchMoves.ts';
import { moveText } from '#src/features/matches/boards/moveText.ts';
import { chancesLabel, evaluationOf } from './chancesText.ts';
import { moverFirst, verdictLabel, verdictSentence } from './verdictText.ts';

/** Up and Down move focus between the list's move buttons, as in a listbox. */
function moveFocus(event: KeyboardEvent<HTMLOListElement>) {
  if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
  const buttons = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('button')];
  const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
  if (at === -1) return;
  event.preventDefault();
  buttons[
    Math.max(0, Math.min(buttons.length - 1, at + (event.key === 'ArrowDown' ? 1 : -1)))
  ]?.focus();
}

/**
 * Every move with the mover's winning chances, the server's verdict where the game could judge it,
 * and its one-line reason; a click (or Enter) jumps the
 * replay. Without buttons (a live match) the list itself takes focus so it can be scrolled.
 */
export function MoveList({
  game,
  turns,
  names,
  shown,
  onSelect,
}: {
  game: GameId;
  turns: readonly MatchMove[];
  names: readonly [string, string];
  shown: number;
  onSelect?: (ply: number) => void;
}) {
  const list = useRef<HTMLOListElement>(null);
  // Keep the shown move in view inside the list without scrolling the page. Measured in the next
  // frame: reading offsetTop inside React's commit would force the page's layout into the same
  // long task as the render.
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      const current = list.current?.querySelector<HTMLElement>(`[data-ply="${shown}"]`);
      if (list.current && current) {
        list.current.scrollTop = current.offsetTop - list.current.clientHeight / 2;
      }
    });
    return () => cancelAnimationFrame(frame);
  }, [shown]);
  return (
    <ol
      className="move-list"
      aria-label="Moves"
      ref={list}
      tabIndex={onSelect ? undefined : 0}
      onKeyDown={onSelect ? moveFocus : undefined}
    >
      {turns.map((turn) => (
        <li key={turn.ply} className={turn.ply === shown ? 'current' : ''} data-ply={turn.ply}>
          <span>{turn.ply}.</span>
          <span>
            {onSelect ? (
              <button
                type="button"
                className="link-button"
                aria-current={turn.ply === shown ? 'step' : undefined}
                onClick={() => onSelect(turn.ply)}
              >
                {names[(turn.ply - 1) % 2]} → {moveText(game, turn.move)}
              </button>
            ) : (
              <>
                {names[(turn.ply - 1) % 2]} → {moveText(game, turn.move)}
              </>
            )}{' '}
            <small>({chancesLabel(evaluationOf(turn))})</small>
            {turn.verdict ? (
              <>
                {' '}
                <span
                  className={`verdict verdict-${turn.verdict.grade}`}
                  title={verdictSentence(game, turn.verdict, turn.ply, moverFirst(names, turn.ply))}
                  data-testid="verdict"
                >
                  {verdictLabel(turn.verdict)}
                </span>
              </>
            ) : null}
            <br />
            <span className="reason">{turn.trace.reason}</span>
          </span>
        </li>
      ))}
    </ol>
  );
}

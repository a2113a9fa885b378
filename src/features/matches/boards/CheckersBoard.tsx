import { useState } from 'react';
import { BoardFrame } from './BoardFrame.tsx';
import type { BoardProps } from './boardProps.ts';
import {
  type CheckersPiece,
  checkersView,
  gridOf,
  nextSquare,
  squareText,
} from './checkersView.ts';
import { useHopStep } from './useHopStep.ts';
import './checkers.css';

const SQUARES = Array.from({ length: 32 }, (_, square) => square);

/**
 * A checkers board: 8x8, dark's men start at the top (squares 1–12). The last move replays hop
 * by hop when it arrives (the piece steps square to square, each captured piece fades as it is
 * jumped); result cells glow at the end of the game. Given the players' `names`, the board takes
 * focus and is read square by square with the arrow keys (left/right: next square, up/down: a
 * row, Home/End), spoken through a live region.
 */
export function CheckersBoard({
  moves,
  count,
  resultCells = [],
  size = 'large',
  label,
  names,
}: BoardProps) {
  const view = checkersView(moves, count);
  const total = moves === '' ? 0 : moves.split(' ').length;
  const shown = Math.min(count ?? total, total);
  const path = view.lastMove?.path ?? [];
  const hops = Math.max(0, path.length - 1);
  const moveKey = `${shown}:${path.join(',')}`;
  const step = useHopStep(moveKey, hops);
  const [cursor, setCursor] = useState<number | null>(null);
  const result = new Set(shown === total ? resultCells : []);

  const grid = (
    <>
      {SQUARES.map((square) => {
        const { row, column } = gridOf(square);
        // Placed by class, not a style attribute: prerendered markup holds nothing inline.
        const classes = ['sq', `r-${row}`, `c-${column}`, result.has(square) ? 'result' : ''];
        return <span key={square} className={classes.join(' ')} data-square={square + 1} />;
      })}
      {view.pieces.map((piece) =>
        path.length > 0 && piece.square === path[hops] ? (
          // keyed by the move: a new move's piece mounts at its start, not sliding from elsewhere
          <Piece key={moveKey} piece={piece} at={path[Math.min(step, hops)]!} last />
        ) : (
          <Piece key={piece.square} piece={piece} at={piece.square} />
        ),
      )}
      {step <= hops
        ? view.lastMove?.taken.map((piece, hop) => (
            <Piece
              key={`taken-${piece.square}`}
              piece={piece}
              at={piece.square}
              taken={hop < step}
            />
          ))
        : null}
      {cursor === null ? null : (
        <span
          className="square-cursor"
          style={{ gridRow: gridOf(cursor).row, gridColumn: gridOf(cursor).column }}
        />
      )}
    </>
  );
  const reader = names && {
    hint: 'Arrow keys read the board square by square; up and down move a row.',
    reading: cursor === null ? '' : squareText(view.pieces, cursor, names),
    readingTestId: 'board-square',
    onKey: (key: string) => {
      const square = nextSquare(key, cursor);
      if (square !== null) setCursor(square);
      return square !== null;
    },
  };
  return (
    <BoardFrame className={`checkers-board checkers-${size}`} label={label} reader={reader}>
      {grid}
    </BoardFrame>
  );
}

/** A man or king drawn on square `at`'s cell of `piece.square`'s (the moving piece slides). */
function Piece({
  piece,
  at,
  last = false,
  taken = false,
}: {
  piece: CheckersPiece;
  at: number;
  last?: boolean;
  taken?: boolean;
}) {
  const home = gridOf(piece.square);
  const shown = gridOf(at);
  const classes = [
    'man',
    `player-${piece.player + 1}`,
    piece.king ? 'king' : '',
    last ? 'last' : '',
    taken ? 'taken' : '',
  ];
  return (
    <span
      className={classes.join(' ')}
      style={{
        gridRow: home.row,
        gridColumn: home.column,
        ['--dx' as string]: shown.column - home.column,
        ['--dy' as string]: shown.row - home.row,
      }}
    />
  );
}

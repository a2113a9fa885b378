import type { AgentStyle } from '../../../agents/traits.ts';
import { CELLS, WIDTH } from '../bitboard.ts';
import type { WeakValue } from '../book/weakBook.ts';
import type { Connect4Position } from '../position.ts';

/** Columns (1..7) where the side to move of `position` would complete four at once. */
function immediateWins(position: Connect4Position): number[] {
  const wins: number[] = [];
  for (let column = 1; column <= WIDTH; column++) {
    if (position.isWinningMove(column)) wins.push(column);
  }
  return wins;
}

/** Columns where the opponent of the side to move would win if it were their turn. */
function opponentThreats(position: Connect4Position): number[] {
  const swapped = position.clone();
  // a null move is not a legal play: look at the board from the other side instead
  swapped.currentLo ^= swapped.maskLo;
  swapped.currentHi ^= swapped.maskHi;
  return immediateWins(swapped);
}

/**
 * A one-line reason a watcher can read for playing `column` in `position`: wins, blocks,
 * threats, the exact outcome when known (or the win/draw/loss book's), or the style's habit.
 */
export function moveReason(
  position: Connect4Position,
  column: number,
  details: {
    exactScore: number | null;
    bookValue?: WeakValue | null;
    blunder: boolean;
    style: AgentStyle;
  },
): string {
  if (position.isWinningMove(column)) return `wins on column ${column}`;
  if (details.blunder) return `plays on instinct: column ${column}`;
  const threats = opponentThreats(position);
  if (threats.includes(column)) return `blocks the open three on column ${column}`;
  const after = position.clone().play(column);
  const swappedThreats = opponentThreats(after);
  if (details.bookValue === 1) return `plays column ${column}: the opening book's winning line`;
  if (details.bookValue === 0) return `holds the draw with column ${column}`;
  if (details.exactScore !== null) {
    const score = details.exactScore;
    if (score > 0) {
      // the winner ends with 22 - score stones; the mover has floor(nbMoves / 2) already
      const movesLeft = CELLS / 2 + 1 - score - Math.floor(position.nbMoves / 2);
      return `plays column ${column}: a forced win in ${movesLeft} move${movesLeft === 1 ? '' : 's'}`;
    }
    if (score === 0) return `holds the draw with column ${column}`;
    if (swappedThreats.length === 0 && threats.length > 0) {
      return `delays the loss with column ${column}`;
    }
  }
  if (swappedThreats.length >= 2) return `sets up a double threat with column ${column}`;
  if (swappedThreats.length === 1) {
    return `threatens to win on column ${swappedThreats[0]} with column ${column}`;
  }
  if ((details.exactScore !== null && details.exactScore < 0) || details.bookValue === -1) {
    return `delays the loss with column ${column}`;
  }
  if (column === 4 && position.nbMoves < 2) return 'takes the centre';
  if (details.style === 'aggressive') return `presses the attack on column ${column}`;
  if (details.style === 'defensive') return `keeps a solid shape on column ${column}`;
  return `builds on column ${column}`;
}

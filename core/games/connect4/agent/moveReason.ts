import type { AgentStyle } from '#core/agents/traits.ts';
import { CELLS } from '#core/games/connect4/bitboard.ts';
import type { WeakValue } from '#core/games/connect4/book/weakBook.ts';
import type { Connect4Position } from '#core/games/connect4/position.ts';
import { immediateWins, lineFacts, opponentWins, threatCells } from './lineFacts.ts';

const PLAYER_NAMES = { 1: 'Red', 2: 'Yellow' } as const;

/** What the agent knew of the move beyond the board: its search's proof, the book, its style. */
export interface ReasonDetails {
  exactScore: number | null;
  bookValue?: WeakValue | null;
  /** A win/draw/loss the agent proved by a solve that had no time left for the distance. */
  solvedValue?: WeakValue | null;
  blunder: boolean;
  style: AgentStyle;
}

/**
 * A one-line reason a watcher can read for playing `column` in `position`: what the stone does
 * on the board (a win, a block, a threat and its row's parity, lines built or cut, the centre,
 * a capped stone), then what perfect play says of it where the agent proved or looked it up.
 */
export function moveReason(
  position: Connect4Position,
  column: number,
  details: ReasonDetails,
): string {
  if (position.isWinningMove(column)) return `wins on column ${column}`;
  const action = whatItDoes(position, column, details.style);
  if (details.blunder) return `on instinct, ${action}`;
  return action + outcomeNote(position, details);
}

function outcomeNote(position: Connect4Position, details: ReasonDetails): string {
  const score = details.exactScore;
  if (details.bookValue === 1) return ": the opening book's winning line";
  if (score !== null && score > 0) {
    // the winner ends with 22 - score stones; the mover has floor(nbMoves / 2) already
    const movesLeft = CELLS / 2 + 1 - score - Math.floor(position.nbMoves / 2);
    return `: a forced win in ${movesLeft} move${movesLeft === 1 ? '' : 's'}`;
  }
  if (details.solvedValue === 1) return ': a proven win';
  if (details.bookValue === 0 || details.solvedValue === 0 || score === 0) {
    return ', holding the draw';
  }
  if ((score !== null && score < 0) || details.bookValue === -1 || details.solvedValue === -1) {
    return ', though lost with perfect play';
  }
  return '';
}

/** The most telling thing the stone does, most urgent first. */
function whatItDoes(position: Connect4Position, column: number, style: AgentStyle): string {
  const mover = position.toMove;
  const opponent = PLAYER_NAMES[mover === 1 ? 2 : 1];
  const theirWins = opponentWins(position);
  if (theirWins.includes(column)) {
    return theirWins.length > 1
      ? `blocks one of ${opponent}'s ${theirWins.length} threats on column ${column}, but not all`
      : `blocks ${opponent}'s four on column ${column}`;
  }
  const after = position.clone().play(column);
  const letIn = immediateWins(after);
  if (letIn.length > 0) return `lets ${opponent} in on column ${letIn[0]} with column ${column}`;
  const ownWins = opponentWins(after);
  if (ownWins.length >= 2) return `sets up a double threat with column ${column}`;
  if (ownWins.length === 1) return `threatens to win on column ${ownWins[0]} with column ${column}`;
  const threatKey = ([c, r]: [number, number]) => c * 10 + r;
  const before = new Set(threatCells(position, mover).map(threatKey));
  const made = threatCells(after, mover).filter((cell) => !before.has(threatKey(cell)));
  if (made.length > 0) {
    // Red (first) wants threats on odd rows, Yellow on even ones: zugzwang fills the rest
    const odd = made[0]![1] % 2 === 1;
    const good = odd === (mover === 1);
    const parity = odd ? 'odd' : 'even';
    return `makes ${good ? `a strong ${parity}` : `an ${parity}`}-row threat with column ${column}`;
  }
  const facts = lineFacts(position, column);
  if (facts.closesColumn) return `closes column ${column}`;
  if (facts.linesCut >= 2)
    return `cuts ${facts.linesCut} of ${opponent}'s lines with column ${column}`;
  if (facts.linesCut === 1) return `breaks up a ${opponent} pair with column ${column}`;
  if (facts.linesBuilt >= 2) {
    return `builds ${facts.linesBuilt} open lines at once with column ${column}`;
  }
  if (column === 4)
    return position.nbMoves === 0 ? 'takes the centre' : 'adds to the centre column';
  if (facts.below === 'opponent') return `caps ${opponent}'s stone on column ${column}`;
  if (facts.linesBuilt === 1) return `extends a line toward four on column ${column}`;
  if (style === 'aggressive') return `presses the attack on column ${column}`;
  if (style === 'defensive') return `keeps a solid shape on column ${column}`;
  return `builds on column ${column}`;
}

import type { GameId } from '#core/games/gameIds.ts';
import type { ExactValue } from '#core/games/verdict.ts';
import type { MoveVerdictData } from '#core/protocol/moveVerdict.ts';
import { moveText } from '#src/features/matches/boards/moveText.ts';

const LABELS = {
  best: 'Best move',
  good: 'Good',
  inaccuracy: 'Inaccuracy',
  mistake: 'Mistake',
  blunder: 'Blunder',
} as const;

/** The grade of a verdict as a watcher reads it: "Best move", "Mistake". */
export function verdictLabel(verdict: Pick<MoveVerdictData, 'grade'>): string {
  return LABELS[verdict.grade];
}

/**
 * What perfect play makes of a value, in the watcher's words: "Oracle wins at move 27", "Vega
 * ends 6 discs ahead", "a draw". `ply` is the move judged; `names` are [mover, opponent].
 */
function valueText(
  value: ExactValue,
  unit: 'plies' | 'discs',
  ply: number,
  names: readonly [string, string],
): string {
  if (value.result === 'draw') return 'a draw';
  const winner = value.result === 'win' ? names[0] : names[1];
  return unit === 'plies'
    ? `${winner} wins at move ${ply - 1 + value.by}`
    : `${winner} ends ${value.by} ${value.by === 1 ? 'disc' : 'discs'} ahead`;
}

/** How far a chances verdict's search looked, where it says: " (searched 11 moves ahead)". */
function searchedText(depth: number | undefined): string {
  if (depth === undefined || depth === 0) return '';
  return ` (searched ${depth} ${depth === 1 ? 'move' : 'moves'} ahead)`;
}

/**
 * One sentence of a move's verdict: its grade, what perfect play makes of the game after it,
 * and the better move with what it kept, when there was one; for winning chances, how far the
 * judge's search looked (a top agent's move is judged again deeper, and the page shows it).
 */
export function verdictSentence(
  game: GameId,
  verdict: MoveVerdictData,
  ply: number,
  names: readonly [string, string],
): string {
  if (verdict.unit === 'chances') {
    const chances = `${names[0]}'s winning chances ${verdict.played}%`;
    const searched = searchedText(verdict.depth);
    if (verdict.better === undefined) return `${verdictLabel(verdict)}: ${chances}${searched}.`;
    return `${verdictLabel(verdict)}: ${chances}; ${moveText(game, verdict.better)} kept ${verdict.best}%${searched}.`;
  }
  const after = `${valueText(verdict.played, verdict.unit, ply, names)} with perfect play`;
  if (verdict.better === undefined) return `${verdictLabel(verdict)}: ${after}.`;
  const kept = valueText(verdict.best, verdict.unit, ply, names);
  return `${verdictLabel(verdict)}: ${after}; ${moveText(game, verdict.better)} kept ${kept}.`;
}

/** The names with the mover of `ply` first, as verdict sentences take them. */
export function moverFirst(names: readonly [string, string], ply: number): [string, string] {
  return ply % 2 === 1 ? [names[0], names[1]] : [names[1], names[0]];
}

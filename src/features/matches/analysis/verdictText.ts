import type { ColumnVerdict } from './analysisMessages.ts';

const movesText = (moves: number | undefined) => `${moves} move${moves === 1 ? '' : 's'}`;

/** A column's verdict in words, from the side to move: "win in 3 moves", "draw", "full". */
export function verdictText(verdict: ColumnVerdict): string {
  switch (verdict.outcome) {
    case 'win':
      return `win in ${movesText(verdict.moves)}`;
    case 'loss':
      return `loss in ${movesText(verdict.moves)}`;
    case 'draw':
      return 'draw';
    case 'full':
      return 'full';
  }
}

/** The best columns in words: "column 4", "columns 3 and 5", "columns 2, 4 and 6". */
export function bestColumnsText(best: readonly number[]): string {
  if (best.length === 1) return `column ${best[0]}`;
  return `columns ${best.slice(0, -1).join(', ')} and ${best.at(-1)}`;
}

import type { MoveValue } from '#core/games/moveAnalysis.ts';

/** One move's value in words, for the side to move: "wins by 6 discs", "62% winning chances". */
export function moveValueText({ kind, value = 0 }: MoveValue): string {
  if (kind === 'only') return 'the only move';
  if (kind === 'chance') return `${value}% winning chances`;
  const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;
  if (kind === 'margin') {
    if (value === 0) return 'a draw';
    return value > 0 ? `wins by ${plural(value, 'disc')}` : `loses by ${plural(-value, 'disc')}`;
  }
  return value > 0 ? `wins in ${plural(value, 'move')}` : `loses in ${plural(-value, 'move')}`;
}

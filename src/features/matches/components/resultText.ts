import type { MatchResult } from '#core/protocol/matches.ts';

/** The result of a match in words. */
export function resultText(result: MatchResult | undefined, first: string, second: string): string {
  if (result === 'first') return `${first} won`;
  if (result === 'second') return `${second} won`;
  if (result === 'draw') return 'Draw';
  return 'Cancelled';
}

import type { MatchMove } from '#core/protocol/matchMoves.ts';

/** One move's point on the advantage chart: its ply and the first player's advantage, -1..1. */
export interface AdvantagePoint {
  ply: number;
  advantage: number;
}

/**
 * The first player's advantage after each move that carries one. Each trace holds its mover's
 * judgement, so the second player's moves are turned round; moves stored before traces carried an
 * advantage are left out.
 */
export function advantagePoints(turns: readonly MatchMove[]): AdvantagePoint[] {
  const points: AdvantagePoint[] = [];
  for (const turn of turns) {
    const advantage = turn.trace.advantage;
    if (advantage === undefined) continue;
    points.push({ ply: turn.ply, advantage: turn.ply % 2 === 1 ? advantage : -advantage });
  }
  return points;
}

/**
 * Who the point favours and their winning chances, in words: the chart's reading without colour
 * or sight. Within 55–45 it is even.
 */
export function advantageText(advantage: number, names: readonly [string, string]): string {
  const size = Math.abs(advantage);
  if (size < 0.1) return 'even';
  const leader = advantage > 0 ? names[0] : names[1];
  if (size >= 0.999) return `${leader} winning`;
  return `${leader} ${Math.round((size + 1) * 50)}%`;
}

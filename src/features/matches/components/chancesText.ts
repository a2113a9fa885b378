import type { MatchMove } from '#core/protocol/matchMoves.ts';

/** A move's own score as its agent saw it, its advantage (-1 lost .. 1 won) and whether proven. */
export interface MoveEvaluation {
  score: number;
  advantage?: number;
  proven?: boolean;
}

export function evaluationOf(move: MatchMove): MoveEvaluation | null {
  const score = move.trace.candidates.find((candidate) => candidate.move === move.move)?.score;
  if (score === undefined) return null;
  const { advantage, proven } = move.trace;
  return {
    score,
    ...(advantage === undefined ? {} : { advantage }),
    ...(proven === undefined ? {} : { proven }),
  };
}

// Connect Four scores this large, stored before traces carried an advantage, are proven results.
const DECISIVE_SCORE = 1000;

/** The mover's winning chances after its move, a draw counting half: 0..100. */
export function chancePercent(advantage: number): number {
  return Math.round((advantage + 1) * 50);
}

/**
 * The move list's short reading: the mover's winning chances ("64%"), a proven result ("won",
 * "lost", "drawn"), "not searched" for a move played on instinct (a lone dash told a watcher
 * nothing), or, for moves stored before traces carried chances, the engine's own score.
 */
export function chancesLabel(evaluation: MoveEvaluation | null): string {
  if (evaluation === null) return 'not searched';
  const { score, advantage, proven } = evaluation;
  if (advantage === undefined) {
    if (score >= DECISIVE_SCORE) return 'winning';
    if (score <= -DECISIVE_SCORE) return 'losing';
    const rounded = Math.round(score * 100) / 100;
    return rounded > 0 ? `+${rounded}` : String(rounded);
  }
  if (proven) return advantage > 0 ? 'won' : advantage < 0 ? 'lost' : 'drawn';
  if (advantage >= 0.999) return 'winning';
  if (advantage <= -0.999) return 'losing';
  return `${chancePercent(advantage)}%`;
}

/**
 * The caption's phrase: "winning chances 64%", "won with perfect play", "not searched" (a move
 * played without a search, a weak agent's instinct, has no score of its own), or an old move's
 * "evaluation +2".
 */
export function chancesPhrase(evaluation: MoveEvaluation | null): string {
  const label = chancesLabel(evaluation);
  if (evaluation === null) return label;
  if (evaluation.advantage === undefined) return `evaluation ${label}`;
  if (evaluation.proven) {
    return label === 'drawn' ? 'a draw with perfect play' : `${label} with perfect play`;
  }
  return label.endsWith('%') ? `winning chances ${label}` : label;
}

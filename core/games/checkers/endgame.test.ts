import { describe, expect, it } from 'vitest';
import type { AgentTraits } from '#core/agents/traits.ts';
import { decideInPosition } from './engine.ts';
import { type CheckersState, playMove, stateFromSquares, stateOutcome } from './state.ts';

// Small endgames are played by search alone (no endgame database): a side without moves loses by
// distance, so once the search sees the end it plays it exactly. Node budgets only (no clock), so
// these games are the same on any machine.
const TOP: AgentTraits = { skill: 10, style: 'balanced', risk: 0.5, thinkTimeMs: 2_000 };
const options = { seed: 7, deadline: Number.POSITIVE_INFINITY, now: () => 0 };
// The node budgets bound the work; the time-out only catches a hang. A whole play-out is 1.5–6 s
// of CPU beside the other unit tests (the first case took 5.9 s in a CI run, over the default 5 s).
const PLAY_OUT_TIMEOUT_MS = 60_000;

/** Both sides played by the top agent until the game ends; the outcome, plies and advantages. */
function playOut(start: CheckersState) {
  let state = start;
  const advantages: number[] = [];
  while (stateOutcome(state).status === 'ongoing') {
    const { move, trace } = decideInPosition(state, TOP, options, String(state.ply));
    advantages.push(trace.advantage);
    state = playMove(state, move);
  }
  return { outcome: stateOutcome(state), plies: state.ply, advantages };
}

describe('checkers endgames by search', () => {
  it.each([
    { dark: [1, 5], light: [28] },
    { dark: [22, 23], light: [1] },
    { dark: [10, 11], light: [29] },
  ])(
    'two kings beat a defending king, well within the forty-move rule (%o)',
    (squares) => {
      const kings = [...squares.dark, ...squares.light];
      const { outcome, plies, advantages } = playOut(stateFromSquares({ ...squares, kings }, 0));
      expect(outcome).toMatchObject({ status: 'finished', winner: 0, reason: 'no-moves' });
      expect(plies).toBeLessThan(60);
      // The winner's last decisions saw the win to its end: a proven result, the chart's top.
      expect(advantages.at(-1)).toBe(1);
    },
    PLAY_OUT_TIMEOUT_MS,
  );

  it.each([
    { dark: [1], light: [32] },
    { dark: [14], light: [19] },
  ])(
    'one king against one king is a draw, never a loss (%o)',
    (squares) => {
      const kings = [...squares.dark, ...squares.light];
      const { outcome } = playOut(stateFromSquares({ ...squares, kings }, 0));
      expect(outcome).toMatchObject({ status: 'finished', winner: null });
    },
    PLAY_OUT_TIMEOUT_MS,
  );
});

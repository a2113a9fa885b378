import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type ExactValue,
  exactElseChances,
  type JudgeOptions,
  timeForChances,
} from '#core/games/verdict.ts';
import { pathNotation } from './paths.ts';
import {
  type CheckersState,
  legalPaths,
  playPath,
  stateFromSquares,
  stateOutcome,
} from './state.ts';
import { judgeCheckersAt, worthJudging } from './verdict.ts';

const options = { deadline: Number.POSITIVE_INFINITY, now: () => 0 };
// Tiny endgames are proven in far fewer nodes than the server's budget; a verdict that finds no
// proof spends its whole budget, so the property keeps it small.
const small = { ...options, maxNodes: 100_000 };
// How deep the oracle looks: results it proves end within this many plies.
const HORIZON = 7;

/**
 * The oracle: plain minimax over the rules alone (none of the engine's search), `depth` plies
 * deep, for the side to move: a win or a loss with the plies to the end (a finished game with a
 * winner is a loss in 0 for the side that cannot move), a draw the rules declare, or null when
 * the horizon leaves the result open.
 */
function minimax(
  state: CheckersState,
  depth: number,
  memo: Map<string, ExactValue | null>,
): ExactValue | null {
  const outcome = stateOutcome(state);
  if (outcome.status === 'finished') {
    return outcome.winner === null ? { result: 'draw', by: 0 } : { result: 'loss', by: 0 };
  }
  if (depth === 0) return null;
  const key = `${state.dark},${state.light},${state.kings},${state.side},${depth}`;
  const known = memo.get(key);
  if (known !== undefined) return known;
  let win: number | null = null;
  let loss: number | null = null;
  let open = false;
  let draw = false;
  for (const path of legalPaths(state)) {
    const reply = minimax(playPath(state, path), depth - 1, memo);
    if (reply === null) open = true;
    else if (reply.result === 'loss') win = Math.min(win ?? Number.POSITIVE_INFINITY, reply.by + 1);
    else if (reply.result === 'draw') draw = true;
    else loss = Math.max(loss ?? 0, reply.by + 1);
  }
  const value: ExactValue | null =
    win !== null
      ? { result: 'win', by: win }
      : open
        ? null
        : draw
          ? { result: 'draw', by: 0 }
          : { result: 'loss', by: loss ?? 0 };
  memo.set(key, value);
  return value;
}

/** The oracle's value of playing path `index`: the reply's value, turned round, one ply on. */
function oracleAfter(state: CheckersState, index: number, memo: Map<string, ExactValue | null>) {
  const reply = minimax(playPath(state, legalPaths(state)[index]!), HORIZON - 1, memo);
  if (reply === null) return null;
  if (reply.result === 'draw') return reply;
  return { result: reply.result === 'loss' ? 'win' : 'loss', by: reply.by + 1 } as ExactValue;
}

// Tiny endgames: a few pieces on distinct squares, men or kings, either side to move.
const tinyEndgame = fc
  .uniqueArray(fc.integer({ min: 1, max: 32 }), { minLength: 3, maxLength: 4 })
  .chain((squares) =>
    fc.record({
      squares: fc.constant(squares),
      darkCount: fc.integer({ min: 1, max: squares.length - 1 }),
      kings: fc.array(fc.boolean(), { minLength: squares.length, maxLength: squares.length }),
      side: fc.constantFrom(0 as const, 1 as const),
    }),
  )
  .map(({ squares, darkCount, kings, side }) =>
    stateFromSquares(
      {
        dark: squares.slice(0, darkCount),
        light: squares.slice(darkCount),
        kings: squares.filter((_, i) => kings[i]),
      },
      side,
    ),
  )
  .filter((state) => stateOutcome(state).status === 'ongoing');

describe('judgeCheckersAt', () => {
  it('agrees with plain minimax wherever both see the end, and proves what minimax proves', () => {
    let judged = 0;
    fc.assert(
      fc.property(tinyEndgame, fc.nat(), (state, pick) => {
        const paths = legalPaths(state);
        const index = pick % paths.length;
        const memo = new Map<string, ExactValue | null>();
        const verdict = judgeCheckersAt(state, pathNotation(paths[index]!), small);
        const values = paths.map((_, i) => oracleAfter(state, i, memo));
        const best = minimax(state, HORIZON, memo);
        const played = values[index];
        if (verdict) {
          judged += 1;
          // Whatever the judge proves within the oracle's horizon, the oracle proves the same.
          if (verdict.best.by < HORIZON) expect(best).toEqual(verdict.best);
          if (verdict.played.by < HORIZON) expect(played).toEqual(verdict.played);
          if (verdict.better !== undefined) {
            const better = paths.map(pathNotation).indexOf(verdict.better);
            if (verdict.best.by < HORIZON) expect(values[better]).toEqual(verdict.best);
          }
        } else if (
          worthJudging(state, paths) &&
          best &&
          played &&
          best.result !== 'draw' &&
          played.result !== 'draw'
        ) {
          // A win or loss minimax finds this close is within any budget's reach.
          expect.fail(`no verdict where minimax proves ${best.result} in ${best.by}`);
        }
      }),
      { numRuns: 100, seed: 27 },
    );
    expect(judged).toBeGreaterThan(20);
  });

  it('in a won two-kings ending, the best move keeps the win and any worse one names a better', () => {
    // Dark kings on 22 and 23 against a light king on 1 win (endgame.test.ts).
    const state = stateFromSquares({ dark: [22, 23], light: [1], kings: [1, 22, 23] }, 0);
    const paths = legalPaths(state).map(pathNotation);
    // Its win in 25 plies takes about 400,000 positions to prove, more than the server's budget
    // (which proves it a few moves on): the grading is what this checks.
    const deep = { ...options, maxNodes: 1_000_000 };
    const verdicts = paths.map((move) => judgeCheckersAt(state, move, deep));
    const best = verdicts.find((verdict) => verdict?.grade === 'best');
    expect(best?.best.result).toBe('win');
    for (const verdict of verdicts) {
      if (verdict && verdict.grade !== 'best') expect(verdict.better).toBeDefined();
    }
  });

  it('judges no level ending without a capture: a draw in practice, which no search proves', () => {
    const state = stateFromSquares({ dark: [14], light: [19], kings: [14, 19] }, 0);
    const move = pathNotation(legalPaths(state)[0]!);
    expect(judgeCheckersAt(state, move, options)).toBeNull();
  });

  it('judges nothing in a crowded middle game', () => {
    const state = stateFromSquares(
      { dark: [1, 2, 3, 4, 5, 6, 7, 8, 9], light: [24, 25, 26, 27, 28, 29, 30, 31, 32] },
      0,
    );
    const move = pathNotation(legalPaths(state)[0]!);
    expect(judgeCheckersAt(state, move, options)).toBeNull();
  });
});

describe('exactElseChances on a checkers ending the budget cannot prove', () => {
  // Three kings against two: a win far deeper than any exact budget, so the search runs to its stop.
  const state = stateFromSquares({ dark: [1, 2, 3], light: [30, 31], kings: [1, 2, 3, 30, 31] }, 0);
  const move = pathNotation(legalPaths(state)[0]!);
  // The search reads the clock every 1,024 positions: at 4 ms a read, its node budget spends all
  // but a few tens of ms of a 600 ms pause.
  const pausedClock = () => {
    let now = 0;
    return { deadline: 600, now: () => (now += 4) };
  };
  const chancesIfTime = (options: JudgeOptions) => (timeForChances(options) ? 'chances' : null);

  it('stops the exact search early enough for the chances verdict to be searched', () => {
    const verdict = exactElseChances(
      pausedClock(),
      (exact) => judgeCheckersAt(state, move, exact),
      chancesIfTime,
    );
    expect(verdict).toBe('chances');
  });

  it('where the search is given the whole pause, leaves the chances judge no time', () => {
    // What the reserve prevents: the exact search alone takes nearly all of the pause.
    const options = pausedClock();
    expect(judgeCheckersAt(state, move, options)).toBeNull();
    expect(chancesIfTime(options)).toBeNull();
  });
});

/**
 * What a move's verdict costs (core/games/<game>/verdict.ts): random games of Connect Four from
 * ply 8, of Othello from 20 empties and of checkers from 8 pieces (the first 30 such moves of 3
 * games: random movers shuffle kings for hundreds of plies), every move judged as the server
 * does; per game the moves
 * judged, how many were left without a verdict (budget spent), and the time of one verdict (p50,
 * p90, max); then, of random Othello positions at 20 down to 14 empties, how many the budget
 * solves. Random games are harder for the Othello solver than agents' games (their positions
 * are messier), so these are upper figures. Last, of fifty agents' matches of Connect Four and
 * of Othello at a 200 ms pace, how many moves get an exact verdict with the move and how many
 * later (core/games/lateVerdict.ts); `VERDICTS_ONLY=late npm run bench -- verdicts` runs that
 * part alone.
 */
import { createRandom } from '#core/agents/random.ts';
import { BUILT_IN_AGENTS } from '#core/agents/roster.ts';
import { popcount32 } from '#core/games/checkers/squares.ts';
import { replay } from '#core/games/checkers/state.ts';
import { CHECKERS_VERDICT_PIECES } from '#core/games/checkers/verdict.ts';
import { CONNECT4_SOLVE_FROM_PLY } from '#core/games/connect4/verdict.ts';
import { LATE_EXACT_NODES, LATE_VERDICT_BUDGET_MS } from '#core/games/lateVerdict.ts';
import { discCounts, legalMoves } from '#core/games/othello/position.ts';
import { randomGame } from '#core/games/othello/testPositions.ts';
import { OTHELLO_VERDICT_EMPTIES } from '#core/games/othello/verdict.ts';
import { gameOf } from '#core/games/registry.ts';
import { selfPlayMatches } from '#core/games/selfPlay.ts';
import { figureNumber, figureRowReport } from '#scripts/figuresTable.ts';
import { verdictBudgetMs } from '#server/modules/matches/runner/engineMove.ts';
import { figureGameName } from './support/figureGameName.ts';

const GAMES_EACH = 6;
const judgeOptions = { deadline: Number.POSITIVE_INFINITY, now: () => 0 };

function percentile(sorted: number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0;
}

function benchGame(
  id: 'connect4' | 'othello' | 'checkers',
  judgedFrom: (moves: string[]) => boolean,
  { games = GAMES_EACH, judgedEach = Number.POSITIVE_INFINITY } = {},
): string {
  const game = gameOf(id);
  const times: number[] = [];
  let absent = 0;
  for (let seed = 1; seed <= games; seed++) {
    const random = createRandom(seed);
    let state = game.initial();
    const moves: string[] = [];
    let judgedHere = 0;
    for (let legal = game.legalMoves(state); legal.length > 0; legal = game.legalMoves(state)) {
      const move = legal[Math.floor(random() * legal.length)]!;
      if (judgedHere < judgedEach && judgedFrom(moves)) {
        judgedHere++;
        const start = performance.now();
        const verdict = game.judge?.(moves, move, judgeOptions) ?? null;
        times.push(performance.now() - start);
        if (!verdict) absent++;
      }
      moves.push(move);
      state = game.play(state, move);
    }
  }
  times.sort((a, b) => a - b);
  const ms = (value: number) => `${value.toFixed(0)} ms`;
  console.log(
    `${id}: ${times.length} moves judged, ${absent} without a verdict; one verdict p50 ${ms(percentile(times, 0.5))}, p90 ${ms(percentile(times, 0.9))}, max ${ms(times.at(-1) ?? 0)}`,
  );
  return `${figureGameName(id)} ${figureNumber(percentile(times, 0.5))} / ${figureNumber(times.at(-1) ?? 0)} ms`;
}

/**
 * From how many empties an Othello verdict is exact in practice: of 20 random positions at each
 * count, how many the budget solves (the first legal move judged).
 */
function othelloReach() {
  const game = gameOf('othello');
  for (let empties = 20; empties >= 14; empties--) {
    let judged = 0;
    let tried = 0;
    for (let seed = 101; seed <= 120; seed++) {
      const { moves, state } = randomGame(seed, empties);
      const { mover, other } = discCounts(state);
      if (64 - mover - other !== empties) continue;
      tried++;
      if (game.judge?.(moves, legalMoves(state)[0]!, judgeOptions)) judged++;
    }
    console.log(`othello at ${empties} empties: ${judged} of ${tried} random positions judged`);
  }
}

/** Agents' matches read for the late verdicts' reach, per game: the fifty. */
const LATE_REACH_MATCHES = 50;
/** Agents quick enough to play fifty matches in minutes: node budgets up to 500 k a move. */
const LATE_REACH_MAX_SKILL = 6;
/** The pace the reach is read at: a quick one, whose pause affords a verdict 200 ms. */
const QUICK_PACE_MS = 200;

/**
 * How many agents' moves end with an exact verdict at a quick pace: the moves of fifty matches
 * (selfPlay.ts, as the runner plays them) from where the game's exact judge reaches (Connect Four
 * from ply 8, Othello from 20 empties; Connect Four's earlier moves counted apart), each judged as
 * the server judges it: within the pause of a 200 ms pace (verdictBudgetMs), then, when that was
 * not exact, again after it with the late budget (core/games/lateVerdict.ts).
 */
function lateReach(id: 'connect4' | 'othello') {
  const game = gameOf(id);
  const agents = BUILT_IN_AGENTS.filter((agent) => agent.traits.skill <= LATE_REACH_MAX_SKILL);
  const inReach = (played: readonly string[]) =>
    id === 'connect4'
      ? played.length >= CONNECT4_SOLVE_FROM_PLY
      : 60 - played.filter((move) => move !== 'pass').length <= OTHELLO_VERDICT_EMPTIES;
  const clock = () => performance.now();
  let moves = 0;
  let quick = 0;
  let late = 0;
  let before = 0;
  let beforeExact = 0;
  const lateMs: number[] = [];
  const without: string[] = [];
  for (const match of selfPlayMatches(id, agents, LATE_REACH_MATCHES, 2027)) {
    const played: string[] = [];
    for (const { decision } of match.moves) {
      const move = decision.move;
      if (move !== 'pass' && !inReach(played) && id === 'connect4') {
        before++;
        const pause = { deadline: clock() + verdictBudgetMs(QUICK_PACE_MS), now: clock };
        if (game.judge?.(played, move, pause)?.exact) beforeExact++;
      } else if (move !== 'pass' && inReach(played)) {
        moves++;
        const pause = { deadline: clock() + verdictBudgetMs(QUICK_PACE_MS), now: clock };
        if (game.judge?.(played, move, pause)?.exact) quick++;
        else {
          const start = clock();
          const verdict = game.judge?.(played, move, {
            deadline: start + LATE_VERDICT_BUDGET_MS,
            now: clock,
            exactNodes: LATE_EXACT_NODES[id],
          });
          lateMs.push(clock() - start);
          if (verdict?.exact) late++;
          else without.push(`${played.join(id === 'connect4' ? '' : ' ')} then ${move}`);
        }
      }
      played.push(move);
    }
  }
  const sorted = lateMs.toSorted((a, b) => a - b);
  const from = id === 'connect4' ? 'from ply 9' : 'from 20 empties';
  console.log(
    `${id} agents' moves ${from} at a ${QUICK_PACE_MS} ms pace: ${moves} moves, ${quick} exact with the move, ` +
      `${late} of the other ${moves - quick} exact late (one late solve p50 ${percentile(sorted, 0.5).toFixed(0)} ms, ` +
      `max ${(sorted.at(-1) ?? 0).toFixed(0)} ms), ${moves - quick - late} left without` +
      (without.length > 0 ? `: ${without.slice(0, 5).join('; ')}` : ''),
  );
  if (id === 'connect4') {
    console.log(
      `connect4 agents' moves of plies 1–8: ${before} moves, ${beforeExact} exact (the books'), ` +
        `${before - beforeExact} judged by winning chances`,
    );
    console.log(
      figureRowReport({
        figure: `agents' Connect Four moves of plies 1–8 with an exact verdict at a ${QUICK_PACE_MS} ms pace`,
        target: 'all',
        value: `${figureNumber(beforeExact)} of ${figureNumber(before)}`,
        command: '`VERDICTS_ONLY=late npm run bench -- verdicts`',
      }),
    );
  }
  console.log(
    figureRowReport({
      figure: `agents' ${figureGameName(id)} moves ${from} with an exact verdict at a ${QUICK_PACE_MS} ms pace`,
      target: 'all',
      value: `${figureNumber(quick + late)} of ${figureNumber(moves)} (${figureNumber(late)} late)`,
      command: '`VERDICTS_ONLY=late npm run bench -- verdicts`',
    }),
  );
}

export default async function verdicts(): Promise<void> {
  if (process.env.VERDICTS_ONLY === 'late') {
    lateReach('connect4');
    lateReach('othello');
    return;
  }
  const times = [
    benchGame('connect4', (moves) => moves.length >= 8),
    // Othello: 60 discs are placed over the game, so 40 disc moves leave 20 empties
    benchGame('othello', (moves) => moves.filter((move) => move !== 'pass').length >= 40),
  ];
  console.log(
    figureRowReport({
      figure: "a verdict's time, p50 / max",
      target: '≤ 2 s',
      value: times.join(', '),
      command: '`npm run -s bench -- verdicts`',
    }),
  );
  othelloReach();
  benchGame(
    'checkers',
    (moves) => {
      const state = replay(moves);
      return popcount32(state.dark | state.light) <= CHECKERS_VERDICT_PIECES;
    },
    { games: 3, judgedEach: 30 },
  );
  lateReach('connect4');
  lateReach('othello');
}

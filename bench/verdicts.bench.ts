/**
 * What a move's verdict costs (core/games/<game>/verdict.ts): random games of Connect Four from
 * ply 8, of Othello from 20 empties and of checkers from 8 pieces (the first 30 such moves of 3
 * games: random movers shuffle kings for hundreds of plies), every move judged as the server
 * does; per game the moves
 * judged, how many were left without a verdict (budget spent), and the time of one verdict (p50,
 * p90, max); then, of random Othello positions at 20 down to 14 empties, how many the budget
 * solves. Random games are harder for the Othello solver than agents' games (their positions
 * are messier), so these are upper figures. Last, of agents' Othello moves at 20 to 18 empties,
 * how many get an exact verdict with the move and how many later (core/games/lateVerdict.ts);
 * `VERDICTS_ONLY=othelloLate npm run bench -- verdicts` runs that part alone.
 */
import { createRandom } from '#core/agents/random.ts';
import { BUILT_IN_AGENTS } from '#core/agents/roster.ts';
import { popcount32 } from '#core/games/checkers/squares.ts';
import { replay } from '#core/games/checkers/state.ts';
import { CHECKERS_VERDICT_PIECES } from '#core/games/checkers/verdict.ts';
import { OTHELLO_LATE_VERDICT_NODES } from '#core/games/lateVerdict.ts';
import { discCounts, legalMoves } from '#core/games/othello/position.ts';
import { randomGame } from '#core/games/othello/testPositions.ts';
import { judgeOthello } from '#core/games/othello/verdict.ts';
import { gameOf } from '#core/games/registry.ts';
import { selfPlayMatches } from '#core/games/selfPlay.ts';
import { figureNumber, figureRowReport } from '#scripts/figuresTable.ts';
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

/** Agents' Othello matches read for the late verdicts' reach (their openings take most of the time). */
const LATE_REACH_MATCHES = 24;
/** Agents quick enough to play two dozen matches in minutes: node budgets up to 500 k a move. */
const LATE_REACH_MAX_SKILL = 6;

/**
 * How often a late exact verdict (OTHELLO_LATE_VERDICT_NODES, core/games/lateVerdict.ts) lands
 * where the verdict given with the move was not exact: the moves played at 20, 19 and 18 empties
 * in agents' matches (selfPlay.ts, as the runner plays them), each judged as the server judges
 * it, first within the pause's budget, then, when that was not exact, with the late budget.
 */
function othelloLateReach() {
  const agents = BUILT_IN_AGENTS.filter((agent) => agent.traits.skill <= LATE_REACH_MAX_SKILL);
  const byEmpties = new Map<number, { moves: number; quick: number; late: number; ms: number[] }>();
  let moves = 0;
  let exact = 0;
  for (const match of selfPlayMatches('othello', agents, LATE_REACH_MATCHES, 2027)) {
    const played: string[] = [];
    for (const { decision } of match.moves) {
      const empties = 60 - played.filter((move) => move !== 'pass').length;
      if (empties <= 20 && empties >= 18 && decision.move !== 'pass') {
        const row = byEmpties.get(empties) ?? { moves: 0, quick: 0, late: 0, ms: [] };
        byEmpties.set(empties, row);
        row.moves++;
        if (judgeOthello(played, decision.move, judgeOptions)) row.quick++;
        else {
          const start = performance.now();
          const late = judgeOthello(played, decision.move, {
            ...judgeOptions,
            exactNodes: OTHELLO_LATE_VERDICT_NODES,
          });
          row.ms.push(performance.now() - start);
          if (late) row.late++;
        }
      }
      played.push(decision.move);
    }
  }
  for (const [empties, row] of [...byEmpties].sort((a, b) => b[0] - a[0])) {
    const sorted = row.ms.toSorted((a, b) => a - b);
    console.log(
      `othello agents' moves at ${empties} empties: ${row.moves} moves, ${row.quick} exact with the move, ` +
        `${row.late} of the other ${row.moves - row.quick} exact late (one late solve p50 ${percentile(sorted, 0.5).toFixed(0)} ms, ` +
        `max ${(sorted.at(-1) ?? 0).toFixed(0)} ms), ${row.moves - row.quick - row.late} left with winning chances`,
    );
    moves += row.moves;
    exact += row.quick + row.late;
  }
  // Seeded matches and node budgets: the same count on any machine.
  console.log(
    figureRowReport(
      {
        figure: "agents' Othello moves from 20 empties with an exact verdict",
        target: 'all',
        value: `${figureNumber(exact)} of ${figureNumber(moves)}`,
        command: '`VERDICTS_ONLY=othelloLate npm run bench -- verdicts`',
      },
      { machine: 'any' },
    ),
  );
}

export default async function verdicts(): Promise<void> {
  if (process.env.VERDICTS_ONLY === 'othelloLate') return othelloLateReach();
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
  othelloLateReach();
}

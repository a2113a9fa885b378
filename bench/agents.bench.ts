/**
 * For every registered game (or those BENCH_GAMES names, comma-separated): a round-robin between
 * the built-in agents (every pair, both colours, BENCH_ROUNDS times with new seeds, default 1), a
 * rating table fitted to the results (Elo scale, mean 1500, with 95% intervals), each skill step's
 * head-to-head and rating gap, and whether rating order follows skill. Think times are capped at
 * BENCH_THINK_MS (default 1000) so a tournament takes minutes; 10000 gives the real budgets. Node
 * budgets are meant to decide the moves, the deadline (BENCH_DEADLINE_FACTOR times the think
 * time, default 10) being only a safety stop: the count of moves that reached it says whether
 * machine load decided some too, and so whether a rerun would play the same games. BENCH_AGENTS
 * (ids, comma-separated) plays only those agents, on the seeds the full tournament gives them, so
 * two neighbours can be matched at real think times in minutes rather than hours.
 */

import { BUILT_IN_AGENTS, type BuiltInAgent } from '#core/agents/roster.ts';
import type { GameDefinition } from '#core/games/definition.ts';
import { GAME_IDS, type GameId, isGameId } from '#core/games/gameIds.ts';
import { gameOf } from '#core/games/registry.ts';
import { figureNumber, figureRowReport } from '#scripts/figuresTable.ts';
import { differenceInterval, fitElo, type GameResult, ratingInterval } from './support/eloFit.ts';
import { figureGameName } from './support/figureGameName.ts';

const thinkCapMs = Number(process.env.BENCH_THINK_MS ?? 1000);
const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 1));
// The engines size node budgets to fit the think time on a loaded machine; on a busier one a
// tight deadline (production gives twice the think time) would cut some and make play load-bound.
const deadlineFactor = Number(process.env.BENCH_DEADLINE_FACTOR ?? 10);
const benchGames: GameId[] = (process.env.BENCH_GAMES ?? GAME_IDS.join(','))
  .split(',')
  .map((id) => id.trim())
  .filter(isGameId);
const benchAgentIds = process.env.BENCH_AGENTS?.split(',').map((id) => id.trim());
const agents = BUILT_IN_AGENTS.filter(
  (agent) => !benchAgentIds || benchAgentIds.includes(agent.id),
);
if (agents.length < 2)
  throw new Error(
    `BENCH_AGENTS must name two or more of: ${BUILT_IN_AGENTS.map((agent) => agent.id).join(', ')}`,
  );

const clockUse = { moves: 0, pastDeadline: 0 };

function playGame(
  game: GameDefinition,
  first: BuiltInAgent,
  second: BuiltInAgent,
  seed: number,
): number {
  let state = game.initial();
  const moves: string[] = [];
  while (game.outcome(state).status === 'ongoing') {
    const agent = game.sideToMove(state) === 0 ? first : second;
    const traits = { ...agent.traits, thinkTimeMs: Math.min(agent.traits.thinkTimeMs, thinkCapMs) };
    const deadline = Date.now() + traits.thinkTimeMs * deadlineFactor;
    const { move } = game.decide(moves, traits, { seed, deadline, now: Date.now });
    clockUse.moves++;
    if (Date.now() >= deadline) clockUse.pastDeadline++;
    state = game.play(state, move);
    moves.push(move);
  }
  const outcome = game.outcome(state);
  if (outcome.status !== 'finished' || outcome.winner === null) return 0.5;
  return outcome.winner === 0 ? 1 : 0;
}

export default async function agentsBench(): Promise<void> {
  const verdicts: string[] = [];
  const pastDeadlines: string[] = [];
  for (const id of benchGames) {
    verdicts.push(roundRobin(gameOf(id)));
    pastDeadlines.push(
      `${figureNumber(clockUse.pastDeadline)} of ${figureNumber(clockUse.moves)} (${figureGameName(id)})`,
    );
  }
  if (verdicts.length > 1) console.log(`\n${verdicts.join('\n')}`);
  console.log(
    figureRowReport({
      figure: 'built-in agents: moves past their deadline',
      target: '0',
      value: pastDeadlines.join(', '),
      command: '`BENCH_ROUNDS=10 BENCH_GAMES=connect4 npm run -s bench -- agents`',
    }),
  );
}

/** Plays the tournament of one game, prints its tables and returns its one-line verdict. */
function roundRobin(game: GameDefinition): string {
  const games: GameResult[] = [];
  const started = performance.now();
  clockUse.moves = 0;
  clockUse.pastDeadline = 0;
  for (let round = 0; round < rounds; round++) {
    for (let a = 0; a < agents.length; a++) {
      for (let b = 0; b < agents.length; b++) {
        if (a === b) continue;
        // seeded by roster position, so a game of two agents is the same with or without the rest
        const seed = 1000 + round * 256 + rosterIndex(agents[a]!) * 16 + rosterIndex(agents[b]!);
        games.push({ a, b, scoreA: playGame(game, agents[a]!, agents[b]!, seed) });
      }
    }
    // progress on stderr: a tournament at real think times runs for an hour or more
    const elapsed = ((performance.now() - started) / 1000).toFixed(0);
    console.error(
      `${game.name}: round ${round + 1} of ${rounds} done, ${games.length} games, ${elapsed} s`,
    );
  }
  const fit = fitElo(games, agents.length);
  const seconds = ((performance.now() - started) / 1000).toFixed(0);
  console.log(
    `\n${game.name}: ${games.length} games (${rounds} round${rounds > 1 ? 's' : ''}) in ${seconds} s, ` +
      `think time capped at ${thinkCapMs} ms; ${clockUse.pastDeadline} of ${clockUse.moves} moves ` +
      `reached the deadline (${deadlineFactor}× think time)`,
  );
  console.log('agent      skill  style        W-D-L        rating');
  const order = agents.map((_, i) => i).sort((x, y) => fit.ratings[y]! - fit.ratings[x]!);
  for (const i of order) {
    const agent = agents[i]!;
    console.log(
      `${agent.name.padEnd(10)} ${String(agent.traits.skill).padStart(5)}  ${agent.traits.style.padEnd(10)}  ` +
        `${record(games, (g) => (g.a === i ? g.scoreA : g.b === i ? 1 - g.scoreA : null)).padEnd(11)}  ` +
        `${Math.round(fit.ratings[i]!)} ± ${Math.round(ratingInterval(fit, i))}`,
    );
  }

  // Each skill step: the two neighbours' games against each other, and their rating gap.
  const bySkill = agents
    .map((_, i) => i)
    .sort((x, y) => agents[x]!.traits.skill - agents[y]!.traits.skill);
  console.log('skill step              head-to-head  rating gap (95%)');
  const inversions: string[] = [];
  let clear = 0;
  for (let rank = 1; rank < bySkill.length; rank++) {
    const upper = bySkill[rank]!;
    const lower = bySkill[rank - 1]!;
    const gap = fit.ratings[upper]! - fit.ratings[lower]!;
    const interval = differenceInterval(fit, upper, lower);
    if (gap <= 0) {
      const within = -gap <= interval ? ', within the interval: more rounds would tell' : '';
      inversions.push(
        `${agents[upper]!.name} below ${agents[lower]!.name} by ${Math.round(-gap)} ± ${Math.round(interval)}${within}`,
      );
    } else if (gap > interval) clear++;
    const headToHead = record(games, (g) =>
      g.a === upper && g.b === lower
        ? g.scoreA
        : g.a === lower && g.b === upper
          ? 1 - g.scoreA
          : null,
    );
    const step = `${agents[upper]!.traits.skill} over ${agents[lower]!.traits.skill}`;
    console.log(
      `${step.padEnd(10)} ${`${agents[upper]!.name}-${agents[lower]!.name}`.padEnd(16)} ` +
        `${headToHead.padEnd(11)}  ${gap >= 0 ? '+' : ''}${Math.round(gap)} ± ${Math.round(interval)}`,
    );
  }
  const steps = bySkill.length - 1;
  const verdict =
    inversions.length === 0
      ? `${game.name}: skill is monotone: each skill rates above the one below ` +
        `(${clear} of ${steps} steps clear of their 95% interval)`
      : `${game.name}: skill is NOT monotone: ${inversions.join('; ')}`;
  console.log(verdict);
  return verdict;
}

function rosterIndex(agent: BuiltInAgent): number {
  return BUILT_IN_AGENTS.indexOf(agent);
}

/** W-D-L of one player (or one pairing) over the games `scoreOf` scores (null: not theirs). */
function record(
  games: readonly GameResult[],
  scoreOf: (game: GameResult) => number | null,
): string {
  let wins = 0;
  let draws = 0;
  let losses = 0;
  for (const game of games) {
    const score = scoreOf(game);
    if (score === 1) wins++;
    else if (score === 0) losses++;
    else if (score !== null) draws++;
  }
  return `${wins}-${draws}-${losses}`;
}

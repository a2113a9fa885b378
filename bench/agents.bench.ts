/**
 * For every registered game (or those BENCH_GAMES names, comma-separated): a round-robin between
 * the built-in agents (every pair, both colours, seeded) and a rating table fitted to the results
 * (Elo scale, mean 1500), with whether rating order follows skill. Think times are capped at
 * BENCH_THINK_MS (default 1000) so a tournament takes minutes; 10000 gives the real budgets.
 */

import { BUILT_IN_AGENTS, type BuiltInAgent } from '../core/agents/roster.ts';
import type { GameDefinition } from '../core/games/definition.ts';
import { GAME_IDS, type GameId, isGameId } from '../core/games/gameIds.ts';
import { gameOf } from '../core/games/registry.ts';

const thinkCapMs = Number(process.env.BENCH_THINK_MS ?? 1000);
const benchGames: GameId[] = (process.env.BENCH_GAMES ?? GAME_IDS.join(','))
  .split(',')
  .map((id) => id.trim())
  .filter(isGameId);

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
    const deadline = Date.now() + traits.thinkTimeMs * 3;
    const { move } = game.decide(moves, traits, { seed, deadline, now: Date.now });
    state = game.play(state, move);
    moves.push(move);
  }
  const outcome = game.outcome(state);
  if (outcome.status !== 'finished' || outcome.winner === null) return 0.5;
  return outcome.winner === 0 ? 1 : 0;
}

/** Elo ratings fitted by gradient steps on all results, anchored at a mean of 1500. */
function fitRatings(games: { a: number; b: number; scoreA: number }[], players: number): number[] {
  const ratings = new Array<number>(players).fill(1500);
  for (let step = 0; step < 2000; step++) {
    const gradient = new Array<number>(players).fill(0);
    for (const { a, b, scoreA } of games) {
      const expected = 1 / (1 + 10 ** ((ratings[b]! - ratings[a]!) / 400));
      gradient[a]! += scoreA - expected;
      gradient[b]! -= scoreA - expected;
    }
    for (let i = 0; i < players; i++) ratings[i]! += 4 * gradient[i]!;
    const mean = ratings.reduce((sum, r) => sum + r, 0) / players;
    for (let i = 0; i < players; i++) ratings[i]! += 1500 - mean;
  }
  return ratings;
}

export default async function agentsBench(): Promise<void> {
  for (const id of benchGames) roundRobin(gameOf(id));
}

function roundRobin(game: GameDefinition): void {
  const agents = BUILT_IN_AGENTS;
  const games: { a: number; b: number; scoreA: number }[] = [];
  const tally = agents.map(() => ({ wins: 0, draws: 0, losses: 0 }));
  const started = performance.now();
  for (let a = 0; a < agents.length; a++) {
    for (let b = 0; b < agents.length; b++) {
      if (a === b) continue;
      const scoreA = playGame(game, agents[a]!, agents[b]!, 1000 + a * 16 + b);
      games.push({ a, b, scoreA });
      for (const [index, score] of [
        [a, scoreA],
        [b, 1 - scoreA],
      ] as const) {
        if (score === 1) tally[index]!.wins++;
        else if (score === 0) tally[index]!.losses++;
        else tally[index]!.draws++;
      }
    }
  }
  const ratings = fitRatings(games, agents.length);
  const seconds = ((performance.now() - started) / 1000).toFixed(0);
  console.log(
    `\n${game.name}: ${games.length} games in ${seconds} s (think time capped at ${thinkCapMs} ms)`,
  );
  console.log('agent      skill  style       W   D   L   rating');
  const order = agents.map((_, i) => i).sort((x, y) => ratings[y]! - ratings[x]!);
  for (const i of order) {
    const agent = agents[i]!;
    const { wins, draws, losses } = tally[i]!;
    console.log(
      `${agent.name.padEnd(10)} ${String(agent.traits.skill).padStart(5)}  ${agent.traits.style.padEnd(10)} ` +
        `${String(wins).padStart(3)} ${String(draws).padStart(3)} ${String(losses).padStart(3)}   ${Math.round(ratings[i]!)}`,
    );
  }
  // Skill orders strength when no agent out-rates one of higher skill.
  const bySkill = agents
    .map((_, i) => i)
    .sort((x, y) => agents[x]!.traits.skill - agents[y]!.traits.skill);
  const inversions = bySkill.filter(
    (i, rank) =>
      rank > 0 &&
      agents[bySkill[rank - 1]!]!.traits.skill < agents[i]!.traits.skill &&
      ratings[bySkill[rank - 1]!]! > ratings[i]!,
  );
  console.log(
    inversions.length === 0
      ? 'skill is monotone: each skill step rates above the one below'
      : `skill is NOT monotone at: ${inversions.map((i) => agents[i]!.name).join(', ')}`,
  );
}

import { createRandom } from '#core/agents/random.ts';
import type { BuiltInAgent } from '#core/agents/roster.ts';
import type { AgentDecision } from './definition.ts';
import type { GameId } from './gameIds.ts';
import { gameOf } from './registry.ts';

/** A decided move of a self-play match, with the side that made it (0 moved first). */
export interface SelfPlayMove {
  side: 0 | 1;
  decision: AgentDecision;
}

/** A finished self-play match: every decision and the winner (null for a draw). */
export interface SelfPlayMatch {
  moves: SelfPlayMove[];
  winner: 0 | 1 | null;
}

/**
 * Matches between built-in agents as the runner plays them (every move from the game's
 * `decide`, node budgets and no clock), paired and seeded from `seed` so a run is reproducible:
 * what the reasons bench and the winning-chance fit read. `agents` picks who may play.
 */
export function* selfPlayMatches(
  id: GameId,
  agents: readonly BuiltInAgent[],
  count: number,
  seed: number,
): Generator<SelfPlayMatch> {
  const game = gameOf(id);
  const random = createRandom(seed);
  for (let match = 0; match < count; match++) {
    const first = agents[Math.floor(random() * agents.length)]!;
    let second = agents[Math.floor(random() * agents.length)]!;
    if (second === first) second = agents[(agents.indexOf(first) + 1) % agents.length]!;
    const matchSeed = Math.floor(random() * 2 ** 31);
    const played: string[] = [];
    const moves: SelfPlayMove[] = [];
    let state = game.initial();
    let outcome = game.outcome(state);
    while (outcome.status === 'ongoing') {
      const side = game.sideToMove(state);
      const agent = side === 0 ? first : second;
      const decision = game.decide(played, agent.traits, {
        seed: matchSeed,
        deadline: Number.POSITIVE_INFINITY,
        now: () => 0,
      });
      moves.push({ side, decision });
      played.push(decision.move);
      state = game.play(state, decision.move);
      outcome = game.outcome(state);
    }
    yield { moves, winner: outcome.winner };
  }
}

import type { AgentDecision } from '../../../../core/games/definition.ts';
import type { GameId } from '../../../../core/games/gameIds.ts';
import type { Database } from '../../../db/database.ts';
import type { AgentRow } from '../../../db/stores/agentStore.ts';
import type { MatchEndHook } from '../store/matchEnd.ts';
import { recordMove } from '../store/matchWriter.ts';
import type { DecisionJob } from './workerPool.ts';

/** Anything that can pick an agent's move; the worker pool in production. */
export interface Decider {
  decide(job: DecisionJob): Promise<AgentDecision>;
}

/** What an engine's turn needs of the runner. */
export interface EngineMoveContext {
  db: Database;
  decider: Decider;
  ownerId: string;
  leaseMs: number;
  now: () => number;
  onMatchEnd?: MatchEndHook;
  botMoveTimeoutMs: number;
}

/** Seed of one move: the match seed mixed with the ply, so each move's search differs. */
function moveSeed(matchSeed: number, ply: number): number {
  return (Math.imul(matchSeed ^ ply, 2654435761) ^ ply) | 0;
}

/**
 * An engine's turn: `agent`'s move at `ply`, picked by the decider and stored under the runner's
 * lease. Returns whether the match goes on (false when it ended or is no longer ours).
 */
export async function playEngineMove(
  context: EngineMoveContext,
  match: { id: string; game: GameId; moves: string; seed: number },
  agent: AgentRow,
  ply: number,
): Promise<boolean> {
  const decision = await context.decider.decide({
    game: match.game,
    moves: match.moves,
    traits: agent.traits,
    seed: moveSeed(match.seed, ply),
    budgetMs: agent.traits.thinkTimeMs * 2,
  });
  const now = context.now();
  const recorded = await recordMove(context.db, {
    matchId: match.id,
    owner: context.ownerId,
    ply,
    move: decision.move,
    agentId: agent.id,
    trace: decision.trace,
    now: new Date(now),
    leaseUntil: new Date(now + context.leaseMs),
    ...(context.onMatchEnd ? { onMatchEnd: context.onMatchEnd } : {}),
    botMoveTimeoutMs: context.botMoveTimeoutMs,
  });
  return recorded !== null && recorded.result === null;
}

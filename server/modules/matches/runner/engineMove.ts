import type { AgentDecision } from '#core/games/definition.ts';
import type { GameId } from '#core/games/gameIds.ts';
import { deeperVerdictDueLater, exactVerdictDueLater } from '#core/games/lateVerdict.ts';
import type { MoveVerdictData } from '#core/protocol/moveVerdict.ts';
import type { Database } from '#server/db/database.ts';
import type { AgentRow } from '#server/db/stores/agentStore.ts';
import type { MatchEndHook } from '#server/modules/matches/store/matchEnd.ts';
import { recordMove } from '#server/modules/matches/store/matchWriter.ts';
import type { LateJudgement } from './lateMoveJudge.ts';
import type { DecisionJob, JudgeJob } from './workerPool.ts';

/** Anything that can pick an agent's move and judge it; the worker pool in production. */
export interface Decider {
  decide(job: DecisionJob): Promise<AgentDecision>;
  judge(job: JudgeJob): Promise<MoveVerdictData | null>;
}

// A verdict's safety stop: each game's node budget keeps it shorter (docs/FIGURES.md).
const VERDICT_BUDGET_MS = 2_000;
// The least time a verdict gets, whatever the pause: a move that ends the game or one from the
// book is judged within it. Below it a pause is a test's or a bench's, whose matches must stay
// quick: at 250 ms, the judges' CPU slowed a fresh-clone CI run's two-process test past its
// two minutes (22 s alone on a quiet machine).
const VERDICT_FLOOR_MS = 20;

/**
 * How long a verdict may take when moves come `moveDelayMs` apart: no longer than the pause, so
 * judging never slows a match (at the default 1,500 ms pause, 1,500 ms), and never less than
 * the floor. With the whole 2 s for every move, matches paced at 10 ms took five times longer
 * (server/modules/matches/runner/twoProcesses.test.ts: 116 s against 22 s).
 */
export function verdictBudgetMs(moveDelayMs: number): number {
  return Math.min(VERDICT_BUDGET_MS, Math.max(VERDICT_FLOOR_MS, moveDelayMs));
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
  /** How long a move's verdict may take: see verdictBudgetMs. */
  verdictBudgetMs: number;
  /**
   * Takes a stored move to judge again after it: exactly, where its exact verdict needs more than
   * the pause affords (exactVerdictDueLater), or by a deeper chances search than the mover's,
   * where the verdict given with it was shallower (deeperVerdictDueLater, with `deeper`). It must
   * return at once. Absent: such a move keeps what it got.
   */
  judgeLater?: (move: LateJudgement) => void;
}

/** Seed of one move: the match seed mixed with the ply, so each move's search differs. */
function moveSeed(matchSeed: number, ply: number): number {
  return (Math.imul(matchSeed ^ ply, 2654435761) ^ ply) | 0;
}

/**
 * An engine's turn: `agent`'s move at `ply`, picked by the decider, judged (off the event loop,
 * behind every search) and stored with its verdict under the runner's lease. Returns false when
 * the match ended or is no longer ours, else the milliseconds the verdict took: the runner takes
 * them off the pause before the next move, so judging never slows the match's pace.
 */
export async function playEngineMove(
  context: EngineMoveContext,
  match: { id: string; game: GameId; moves: string; seed: number },
  agent: AgentRow,
  ply: number,
): Promise<number | false> {
  const decision = await context.decider.decide({
    game: match.game,
    moves: match.moves,
    traits: agent.traits,
    seed: moveSeed(match.seed, ply),
    budgetMs: agent.traits.thinkTimeMs * 2,
  });
  const judgedFrom = context.now();
  const verdict = await context.decider
    .judge({
      game: match.game,
      moves: match.moves,
      move: decision.move,
      budgetMs: context.verdictBudgetMs,
    })
    // a verdict is commentary: its failure never holds up the move
    .catch(() => null);
  const now = context.now();
  const recorded = await recordMove(context.db, {
    matchId: match.id,
    owner: context.ownerId,
    ply,
    move: decision.move,
    agentId: agent.id,
    trace: decision.trace,
    verdict,
    now: new Date(now),
    leaseUntil: new Date(now + context.leaseMs),
    ...(context.onMatchEnd ? { onMatchEnd: context.onMatchEnd } : {}),
    botMoveTimeoutMs: context.botMoveTimeoutMs,
  });
  if (recorded !== null && context.judgeLater) {
    const stored = {
      matchId: match.id,
      game: match.game,
      ply,
      movesBefore: match.moves,
      move: decision.move,
    };
    if (exactVerdictDueLater(match.game, match.moves, verdict)) context.judgeLater(stored);
    else {
      const deeper = deeperVerdictDueLater(verdict, decision.trace);
      if (deeper) context.judgeLater({ ...stored, deeper });
    }
  }
  return recorded !== null && recorded.result === null ? now - judgedFrom : false;
}

import type { FastifyInstance } from 'fastify';
import {
  DEEPER_VERDICT_BUDGET_MS,
  LATE_VERDICT_BUDGET_MS,
  lateExactNodes,
} from '#core/games/lateVerdict.ts';
import type { AppConfig } from './config.ts';
import type { Database } from './db/database.ts';
import { verdictBudgetMs } from './modules/matches/runner/engineMove.ts';
import {
  type JudgeMove,
  type LateJudgement,
  LateMoveJudge,
} from './modules/matches/runner/lateMoveJudge.ts';
import { DecisionPool } from './modules/matches/runner/workerPool.ts';

/** The judges of moves after they are stored, as one process composes them. */
export interface MoveJudges {
  /** Verdicts on bots' moves; null where this process judges none. */
  botJudge: LateMoveJudge | null;
  /** Engines' moves judged again (exact Othello, deeper than the top agents), where it plays. */
  judgeLater: ((move: LateJudgement) => void) | null;
}

/**
 * Composes the late judges of a process and stops them when the app closes: a bot's move is
 * judged with what an engine's move of the same pace gets (engineMove.ts) on the process's
 * decision pool at its lowest priority; engines' Othello moves whose exact verdict needs more than
 * the pause affords (Connect Four from ply 8, Othello from 20 empties) are judged again on a
 * thread of their own, so a solve of seconds never holds
 * up an agent's search (core/games/lateVerdict.ts); and the top agents' moves are judged past their
 * own depth on a thread in Linux's idle class, best effort: a few wait, the oldest skipped when
 * more come, none announced, as their live verdict stands meanwhile.
 */
export function composeMoveJudges(
  app: FastifyInstance,
  options: {
    config: AppConfig;
    db: Database;
    startRunner: boolean;
    decisionPool: () => DecisionPool;
    /** A test's own judge of bots' moves; by default the decision pool's with the runner. */
    judgeBotMove: JudgeMove | undefined;
    /** What every thread of the late pools loads (the checkers endgame tables' file). */
    poolOptions: { checkersEndgame?: string };
  },
): MoveJudges {
  const { config, db, startRunner, decisionPool, poolOptions } = options;
  const judgeBotMove =
    options.judgeBotMove ?? (startRunner ? (job) => decisionPool().judge(job, 'late') : null);
  const botJudge =
    judgeBotMove &&
    new LateMoveJudge({
      db,
      judge: judgeBotMove,
      budgetMs: verdictBudgetMs(config.MOVE_DELAY_MS),
      onError: (error) => app.log.warn({ err: error }, "a bot's move could not be judged"),
    });
  const judgesLater = startRunner && config.LATE_VERDICTS;
  let latePool: DecisionPool | null = null;
  let deepPool: DecisionPool | null = null;
  // A few positions at most wait: an Othello game reaches 20 empties once, for three moves or so,
  // and a Connect Four move from ply 8 missed its exact verdict only at a quick pace.
  const lateJudge = judgesLater
    ? new LateMoveJudge({
        db,
        judge: (job) => {
          latePool ??= new DecisionPool(1, poolOptions);
          return latePool.judge({ ...job, exactNodes: lateExactNodes(job.game) });
        },
        budgetMs: LATE_VERDICT_BUDGET_MS,
        capacity: 8,
        announceKept: true,
        onError: (error) => app.log.warn({ err: error }, 'a move could not be judged again'),
      })
    : null;
  const deepJudge = judgesLater
    ? new LateMoveJudge({
        db,
        judge: (job) => {
          deepPool ??= new DecisionPool(1, { ...poolOptions, idle: true });
          return deepPool.judge(job);
        },
        budgetMs: DEEPER_VERDICT_BUDGET_MS,
        capacity: 16,
        onError: (error) => app.log.warn({ err: error }, 'a move could not be judged deeper'),
      })
    : null;
  app.addHook('onClose', async () => {
    botJudge?.stop();
    lateJudge?.stop();
    deepJudge?.stop();
    await Promise.all([latePool?.close(), deepPool?.close()]);
    await botJudge?.idle();
    await lateJudge?.idle();
    await deepJudge?.idle();
  });
  return {
    botJudge,
    judgeLater:
      lateJudge && deepJudge
        ? (move) => (move.deeper ? deepJudge.enqueue(move) : lateJudge.enqueue(move))
        : null,
  };
}

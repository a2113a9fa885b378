import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyPluginAsync } from 'fastify';
import type { MatchPools } from '#core/protocol/pools.ts';
import { syncRoster } from '#server/db/stores/syncRoster.ts';
import { BOT_MOVES_CHANNEL } from '#server/events/botEvents.ts';
import type { StreamAdmission } from '#server/plugins/streamAdmission.ts';
import { matchRoutes } from './routes.ts';
import type { LateJudgement } from './runner/lateMoveJudge.ts';
import { MatchRunner } from './runner/matchRunner.ts';
import type { TournamentSweep } from './runner/matchRunnerOptions.ts';
import { systemScheduler } from './runner/scheduler.ts';
import type { DecisionPool } from './runner/workerPool.ts';
import { parseBotMoveNotice } from './store/botMoveNotice.ts';
import type { MatchEndHook } from './store/matchEnd.ts';
import { noticedBotMove } from './store/noticedBotMove.ts';
import { MatchHub } from './stream/matchHub.ts';

/**
 * Live matches: the roster; with `servesWatchers`, the event hub and the match routes; and, when
 * `startRunner` is set and `LIVE_MATCHES` is not 0, the runner on the process's decision pool
 * (started when the app is ready).
 */
export const matchesModule: FastifyPluginAsync<{
  startRunner: boolean;
  /** Serves the match routes and streams: false in a runner process (ROLE=runner). */
  servesWatchers: boolean;
  /** The app's places for watcher streams, shared with the tournaments' streams. */
  streamAdmission: StreamAdmission;
  /** Runs in the transaction that ends a match (bets are settled there). */
  onMatchEnd: MatchEndHook;
  /** A match's betting pools, for the `pools` events of its stream. */
  readPools: (matchId: string) => Promise<MatchPools | null>;
  /** Tells every process's watchers that a match's pools changed (the betting module's announcer). */
  announcePools: (matchId: string) => void;
  /** The tournaments' part of the runner's sweep. */
  tournaments: TournamentSweep;
  /** The process's decision pool, started on first call; the app closes it. */
  decisionPool: () => DecisionPool;
  /** Engines' moves to judge again, exactly, after they are stored (composed in app.ts). */
  judgeLater?: (move: LateJudgement) => void;
  /** How long match streams wait for late verdicts after the end (0: the process judges none). */
  lateVerdictWaitMs: number;
  /** A web process's runners judge engines' moves again exactly (their pace allows it). */
  runnersJudgeLater?: boolean;
  /**
   * Bots' moves of this runner's matches to judge, from their notices: in a runner process, as
   * the web processes that store them run no engine (composed in app.ts).
   */
  judgeNoticedBotMove?: (move: LateJudgement) => void;
}> = async (app, options) => {
  const { startRunner, onMatchEnd, readPools, tournaments, decisionPool, judgeLater } = options;
  const { config, db, now } = app.gridmind;
  const runs = startRunner && config.LIVE_MATCHES > 0;
  await syncRoster(db);
  // A runner process serves no one: no hub fanning events out to watchers, no routes.
  if (options.servesWatchers) {
    const hub = new MatchHub(db, randomUUID());
    await hub.start();
    app.addHook('onClose', () => hub.stop());
    await app.register(matchRoutes, {
      db,
      hub,
      readPools,
      announcePools: options.announcePools,
      admission: options.streamAdmission,
      lateVerdictWaitMs: options.lateVerdictWaitMs,
      // Only a process whose runner plays engines' moves judges any of them again; a web
      // process's streams expect what its runners' judges send.
      exactVerdictsLater: (judgeLater !== undefined && runs) || options.runnersJudgeLater === true,
    });
  }
  if (!runs) return;

  // Host and port name one server instance: restarted, it takes its own matches back at once
  // instead of waiting for their leases to run out.
  const ownerId = `${hostname()}:${config.PORT}`;
  const runner = new MatchRunner({
    db,
    decider: decisionPool(),
    ownerId,
    liveMatches: config.LIVE_MATCHES,
    games: config.LIVE_GAMES,
    moveDelayMs: config.MOVE_DELAY_MS,
    bettingWindowMs: config.BETTING_WINDOW_MS,
    botMoveTimeoutMs: config.BOT_MOVE_TIMEOUT_MS,
    botMatchesMax: config.BOT_MATCHES_MAX,
    onMatchEnd,
    tournaments,
    ...(judgeLater ? { judgeLater } : {}),
    scheduler: { ...systemScheduler, now },
  });
  // A bot's move may land in any process: the one playing the match plays on at once.
  const unlisten = await db.listen(BOT_MOVES_CHANNEL, (payload) => {
    const notice = parseBotMoveNotice(payload);
    if (!notice) return;
    runner.wake(notice.matchId, notice.played);
    const judge = options.judgeNoticedBotMove;
    if (!judge || !notice.played) return;
    noticedBotMove(db, ownerId, notice.matchId, notice.played)
      .then((move) => move && judge(move))
      .catch((error: unknown) => app.log.warn({ err: error }, "a bot's move could not be judged"));
  });
  app.addHook('onReady', async () => runner.start());
  app.addHook('preClose', async () => {
    await unlisten();
    await runner.stop();
  });
};

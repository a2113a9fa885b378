import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { LATE_VERDICT_WAIT_MS } from '#core/protocol/matches.ts';
import type { AppConfig } from './config.ts';
import type { Database } from './db/database.ts';
import { composeDeliveryChannels } from './deliveryChannels.ts';
import { publishTournamentGameEnd } from './events/tournamentChannel.ts';
import { adminRoutes } from './modules/admin/routes.ts';
import { adminEconomyRoutes } from './modules/adminEconomy/routes.ts';
import { agentRoutes } from './modules/agents/routes.ts';
import { createContractSignatureVerifier } from './modules/auth/contractSignatureVerifier.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { matchPools } from './modules/bets/matchPools.ts';
import { createPoolsAnnouncer, notifyPoolsChanged } from './modules/bets/poolsAnnouncer.ts';
import { betRoutes } from './modules/bets/routes.ts';
import { settleMatch } from './modules/bets/settleMatch.ts';
import { botRoutes } from './modules/bots/routes.ts';
import { customAgentRoutes } from './modules/customAgents/routes.ts';
import { followRoutes } from './modules/follows/routes.ts';
import { Readiness } from './modules/health/readiness.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { warmUp } from './modules/health/warmUp.ts';
import { matchesModule } from './modules/matches/plugin.ts';
import type { JudgeMove, LateJudgement } from './modules/matches/runner/lateMoveJudge.ts';
import { systemScheduler } from './modules/matches/runner/scheduler.ts';
import { DecisionPool } from './modules/matches/runner/workerPool.ts';
import { createBotMoveRecorder } from './modules/matches/store/botMoveBatch.ts';
import type { MatchEndHook } from './modules/matches/store/matchEnd.ts';
import { NotificationWorker } from './modules/notifications/notificationWorker.ts';
import { notificationRoutes } from './modules/notifications/routes.ts';
import { Previews } from './modules/previews/previews.ts';
import { previewRoutes } from './modules/previews/routes.ts';
import { profileRoutes } from './modules/profile/routes.ts';
import { pushRoutes } from './modules/push/routes.ts';
import { telegramRoutes } from './modules/telegram/routes.ts';
import { tournamentRoutes } from './modules/tournaments/routes.ts';
import { tournamentSweep } from './modules/tournaments/runner/sweepTournaments.ts';
import { userRoutes } from './modules/users/routes.ts';
import { composeMoveJudges } from './moveJudges.ts';
import { registerAuth } from './plugins/auth.ts';
import { registerClient, registerNotFound } from './plugins/client.ts';
import { registerCompression } from './plugins/compression.ts';
import { registerDrainOnClose } from './plugins/drainOnClose.ts';
import { answerFrameworkError, registerErrorHandling } from './plugins/errors.ts';
import { registerOriginCheck } from './plugins/originCheck.ts';
import { registerRateLimits } from './plugins/rateLimits.ts';
import { registerRouteList } from './plugins/routeList.ts';
import { registerSecurityHeaders } from './plugins/securityHeaders.ts';
import {
  processSignatureCheckPool,
  type SignatureCheckPool,
} from './plugins/signatureCheckPool.ts';
import { StreamAdmission } from './plugins/streamAdmission.ts';

/** Largest request body accepted; bigger ones get 413. */
export const BODY_LIMIT_BYTES = 16 * 1024;

/** What buildApp needs: config, an open migrated database, a clock, and optionally the client. */
export interface AppOptions {
  config: AppConfig;
  db: Database;
  /** Milliseconds since the epoch; tests pass a controllable clock. */
  now?: () => number;
  /** Folder of the built client to serve with the SPA fallback (server.ts passes CLIENT_DIR). */
  clientDir?: string;
  /**
   * Plays live matches (server.ts) unless ROLE is `web`; tests build the app without the runner.
   * ROLE `runner` serves nothing but the health check.
   */
  startRunner?: boolean;
  /** Fastify's logger option; off unless given. */
  logger?: boolean | { level: string };
  /** The signature-check threads; the process's own unless a test passes one. */
  signatureChecks?: SignatureCheckPool;
  /**
   * Warms the process up, from when the app is ready, before `/api/health/ready` says ready
   * (server.ts, which listens only once `whenWarm` resolves with WARM_UP on); without it (tests)
   * the app is ready at once.
   */
  warmUp?: boolean;
  /** The checkers endgame file the searches and verdicts read once it is there (server.ts). */
  checkersEndgameFile?: string;
  /**
   * Computes the verdicts on bots' moves, judged after they are stored (LateMoveJudge). By
   * default, with `startRunner`, the process's decision pool at its lowest priority; without the
   * runner (tests) bots' moves go unjudged unless a test passes one.
   */
  judgeBotMove?: JudgeMove;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Shared by route modules: config, database and clock of this app. */
    readonly gridmind: { config: AppConfig; db: Database; now: () => number };
    /** Resolves once the process is warm (modules/health/readiness.ts). */
    readonly whenWarm: () => Promise<void>;
  }
}

/** Builds the whole HTTP app without listening: tests drive it with `app.inject()`. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, db } = options;
  const app = Fastify({
    bodyLimit: BODY_LIMIT_BYTES,
    logger: options.logger ?? false,
    // Only the proxies named in TRUST_PROXY may name the client by X-Forwarded-For (rate limits
    // and stream caps key on it); from any other peer the header is ignored, so it cannot be forged.
    trustProxy: config.TRUST_PROXY.length > 0 ? config.TRUST_PROXY : false,
    frameworkErrors: answerFrameworkError,
    // A stopping process serves what still reaches it (drainOnClose.ts), where 503s reached clients.
    return503OnClosing: false,
    // Fastify gives each preClose and onReady hook this long, then throws: 10 s by default, which
    // a graceful stop on a busy machine outlived (the runner waits for its engines' moves in
    // flight) and crashed with exit 1. Below systemd's 90 s before it kills a stopping process.
    pluginTimeout: 60_000,
  });
  app.decorate('gridmind', { config, db, now: options.now ?? Date.now });
  registerDrainOnClose(app);
  registerRouteList(app);

  registerSecurityHeaders(app);
  registerCompression(app);
  registerErrorHandling(app);
  registerOriginCheck(app, config.APP_ORIGIN);
  await app.register(fastifyCookie);
  registerAuth(app);
  // A runner process (ROLE=runner) plays the matches and serves only its health check.
  const servesPublic = config.ROLE !== 'runner';
  if (servesPublic) {
    registerRateLimits(app, {
      bets: config.BET_RATE_LIMIT_PER_MINUTE,
      writes: config.WRITE_RATE_LIMIT_PER_MINUTE,
    });
  }

  const servesClient = options.clientDir !== undefined;
  const signatureChecks = options.signatureChecks ?? processSignatureCheckPool();
  // One decision pool per process, its threads started on first use: the runner's searches and
  // engine verdicts, then the verdicts on bots' moves behind them all. Closed after the runner
  // has stopped (preClose), and after the bots' judge has stopped taking moves.
  let pool: DecisionPool | null = null;
  const poolOptions =
    options.checkersEndgameFile === undefined
      ? {}
      : { checkersEndgame: options.checkersEndgameFile };
  const decisionPool = () => {
    pool ??= new DecisionPool(undefined, poolOptions);
    return pool;
  };
  const startRunner = (options.startRunner ?? false) && config.ROLE !== 'web';
  // Warm is what the process serves: sign-ins where it answers them, and a process that plays
  // loads its engines' threads too (a match it takes over from a stopped process waits on them).
  const warm = options.warmUp
    ? () => warmUp(db, servesPublic ? signatureChecks : null, startRunner ? decisionPool() : null)
    : null;
  const readiness = new Readiness(warm, (error) => app.log.error({ err: error }, 'warm-up failed'));
  app.decorate('whenWarm', () => readiness.whenWarm());
  await app.register(healthRoutes, { readiness });
  const { botJudge, judgeLater } = composeMoveJudges(app, {
    config,
    db,
    startRunner,
    decisionPool,
    judgeBotMove: options.judgeBotMove,
    poolOptions,
  });
  // The decision pool closes after the runner has stopped (preClose) and the judges have.
  app.addHook('onClose', async () => {
    await pool?.close();
  });
  // The notifications outbox (issue 48) is sent by every process that plays, whichever is alive,
  // in the app (written as it fans out), by Web Push and, with a bot token, Telegram.
  const delivery = composeDeliveryChannels(config, db, app.gridmind.now);
  if (startRunner) {
    const notifications = new NotificationWorker({
      db,
      channels: delivery.channels,
      clock: { ...systemScheduler, now: app.gridmind.now },
      delivery: { leaseMs: config.NOTIFICATION_LEASE_MS },
      onError: (error) => app.log.warn({ err: error }, 'a notifications pass failed'),
    });
    app.addHook('onReady', () => notifications.start());
    app.addHook('preClose', () => notifications.stop());
  }
  // One announcer of changed pools for the process, shared by bets (and their retries) and by
  // the match streams that find bets no one announced: a rush still costs a few NOTIFYs.
  const announcePools = createPoolsAnnouncer((matchId) => notifyPoolsChanged(db, matchId));
  // The match and admin modules say when a match ends and ask for pools; settling and reading
  // bets is the betting module's, and a tournament game's end is news for its tournament's
  // watchers. Composed here, so no module imports another.
  const matchEnded: MatchEndHook = async (tx, matchId, now) => {
    await settleMatch(tx, matchId, config.BET_COMMISSION_PCT, now);
    await publishTournamentGameEnd(tx, matchId);
  };
  // One budget of watcher streams for the whole app, whatever they watch: a client cannot dodge
  // the cap by spreading its streams over matches and tournaments.
  const streamAdmission = new StreamAdmission({
    maxStreams: config.SSE_MAX_STREAMS,
    perAddress: config.SSE_MAX_PER_ADDRESS,
  });
  await app.register(matchesModule, {
    startRunner,
    servesWatchers: servesPublic,
    streamAdmission,
    decisionPool,
    ...(judgeLater ? { judgeLater } : {}),
    // Streams wait after a match's end for its bots' verdicts only where they are judged: by the
    // process that took the move when it runs the runner, else by the runner playing the match
    // (a web process's); tests without a judge end with the result.
    lateVerdictWaitMs: botJudge || config.ROLE === 'web' ? LATE_VERDICT_WAIT_MS : 0,
    runnersJudgeLater: config.ROLE === 'web' && config.LATE_VERDICTS,
    ...(config.ROLE === 'runner' && botJudge
      ? { judgeNoticedBotMove: (move: LateJudgement) => botJudge.enqueue(move) }
      : {}),
    onMatchEnd: matchEnded,
    readPools: (matchId) => matchPools(db, matchId, config.BET_COMMISSION_PCT),
    announcePools,
    tournaments: tournamentSweep({
      onError: (error, tournamentId) =>
        app.log.error({ err: error, tournamentId }, 'a tournament could not advance'),
      schedule: config.TOURNAMENT_SCHEDULE,
      games: config.LIVE_GAMES,
    }),
  });
  // A runner process plays and answers only its health check: nginx never sends it anyone.
  if (!servesPublic) {
    registerNotFound(app, undefined);
    return app;
  }
  await app.register(agentRoutes, { db });
  // Bots play through the match store, which settles bets when a bot's move or forfeit ends a
  // match: composed here so the bot API and the matches module never import each other. Moves
  // arriving together are written together (group commit). Each stored move is then queued for
  // its verdict, which never holds up the bot's answer.
  const recordBotMove = createBotMoveRecorder(db, (error) =>
    app.log.warn({ err: error }, 'a batch of bot moves failed; writing them one by one'),
  );
  await app.register(botRoutes, {
    movesPerMinute: config.BOT_MOVE_RATE_LIMIT_PER_MINUTE,
    heartbeatMs: config.BOT_HEARTBEAT_MS,
    streamsPerAddress: config.BOT_STREAMS_PER_ADDRESS,
    recordMove: async (move) => {
      const answer = await recordBotMove({
        ...move,
        now: new Date(app.gridmind.now()),
        moveTimeoutMs: config.BOT_MOVE_TIMEOUT_MS,
        onMatchEnd: matchEnded,
        ...(botJudge ? { onStored: (stored) => botJudge.enqueue(stored) } : {}),
      });
      if (!('status' in answer)) return { status: 200, body: answer };
      const { status, ...body } = answer;
      return { status, body };
    },
  });
  // Sign-in messages are read and their signers recovered on worker threads, so a burst of
  // sign-ins leaves the event loop to streams and other requests (about 0.8 ms each).
  await app.register(authRoutes, {
    signatureChecks,
    verifyContractSignature: createContractSignatureVerifier({ rpcUrls: config.RPC_URL }),
    servesClient,
  });
  await app.register(userRoutes);
  await app.register(adminRoutes);
  await app.register(betRoutes, { announcePools });
  await app.register(customAgentRoutes);
  await app.register(followRoutes);
  await app.register(profileRoutes);
  await app.register(pushRoutes);
  await app.register(notificationRoutes);
  await app.register(adminEconomyRoutes, { settleBets: matchEnded });
  await app.register(tournamentRoutes, { streamAdmission });
  // Without a bot token, `/api/telegram/*` is the site's 404: the profile hides its Telegram link.
  if (delivery.telegram) {
    await app.register(telegramRoutes, {
      ...delivery.telegram.settings,
      bot: delivery.telegram.bot,
    });
  }
  // Link previews: a match's, an agent's or a tournament's page names it and shows its picture.
  const previews = new Previews(db, config.APP_ORIGIN);
  await app.register(previewRoutes, { db, previews, appOrigin: config.APP_ORIGIN });

  const clientPages =
    options.clientDir === undefined
      ? undefined
      : await registerClient(app, options.clientDir, {
          appOrigin: config.APP_ORIGIN,
          previewTagsOf: previews.tagsOf,
        });
  registerNotFound(app, clientPages);
  return app;
}

import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { GAME_IDS } from '#core/games/gameIds.ts';
import { GAME_NAMES } from '#core/games/gameNames.ts';
import { matchListQuerySchema } from '#core/protocol/matches.ts';
import type { MatchPools } from '#core/protocol/pools.ts';
import type { Database } from '#server/db/database.ts';
import { HttpError } from '#server/plugins/errors.ts';
import { SseStreams } from '#server/plugins/sseHeartbeat.ts';
import { startEventStream } from '#server/plugins/startEventStream.ts';
import type { StreamAdmission } from '#server/plugins/streamAdmission.ts';
import { lateVerdictsDue } from './store/lateVerdictsDue.ts';
import { type MatchRow, toMatchSummary } from './store/matchRows.ts';
import {
  countMatches,
  findMatch,
  findMatchWithMoves,
  listMatches,
  listMoves,
} from './store/matchStore.ts';
import { coalesce } from './stream/coalesce.ts';
import type { MatchHub } from './stream/matchHub.ts';
import { type AwaitedVerdicts, RECONNECT_MS, streamMatch } from './stream/matchStream.ts';
import { POOLS_RECHECK_MS, watchUnannouncedBets } from './stream/unannouncedBets.ts';

const paramsSchema = z.object({ id: z.string().min(1).max(64) });
const lastEventIdSchema = z.coerce.number().int().min(0).max(100_000);

/** Options of the matches routes: the database, this process's hub, the SSE heartbeat period. */
export interface MatchRoutesOptions {
  db: Database;
  hub: MatchHub;
  /** A match's betting pools for `pools` events (the betting module's read, composed in app.ts). */
  readPools: (matchId: string) => Promise<MatchPools | null>;
  /** Tells every process's watchers that a match's pools changed (bets no one announced). */
  announcePools: (matchId: string) => void;
  /** The app's places for watcher streams: a stream over its caps is refused before it opens. */
  admission: StreamAdmission;
  heartbeatMs?: number;
  /**
   * How long after a match's end its streams wait for late verdicts on bots' moves; none (or 0):
   * they end with the result, as in a process that judges no bot's move.
   */
  lateVerdictWaitMs?: number;
  /** Whether engines' Othello moves are judged again, exactly, after the move: streams wait for those too. */
  exactVerdictsLater?: boolean;
}

/** Lists, one match with traces, its live event stream, and the games catalogue counts. */
export const matchRoutes: FastifyPluginAsync<MatchRoutesOptions> = async (app, options) => {
  const { db, hub } = options;
  // Watchers resuming from different plies share one read of the whole match.
  const readAllMoves = coalesce(
    (matchId: string) => listMoves(db, matchId),
    (matchId) => matchId,
  );
  const readMoves = async (matchId: string, afterPly: number) =>
    (await readAllMoves(matchId)).filter((move) => move.ply > afterPly);
  const readMatch = coalesce(
    (matchId: string) => findMatch(db, matchId),
    (matchId) => matchId,
  );
  const pools = watchUnannouncedBets(options.readPools, options.announcePools, (read) =>
    coalesce(read, (matchId) => matchId),
  );
  // Every watcher of a match that just ended asks at once: one read per process.
  const awaitedVerdicts: AwaitedVerdicts | undefined = options.lateVerdictWaitMs
    ? {
        read: coalesce(
          (matchId: string) => lateVerdictsDue(db, matchId, options.exactVerdictsLater ?? false),
          (matchId) => matchId,
        ),
        waitMs: options.lateVerdictWaitMs,
        now: app.gridmind.now,
      }
    : undefined;
  // One tick keeps idle streams alive through proxies: no timer per watcher. Open streams never
  // go idle, so they are ended before the server waits for its connections.
  const streams = new SseStreams();
  const heartbeat = setInterval(() => streams.tick(), options.heartbeatMs ?? 15_000);
  heartbeat.unref();
  const poolsRecheck = setInterval(
    () => void pools.recheck((matchId) => hub.watchedHere(matchId)),
    POOLS_RECHECK_MS,
  );
  poolsRecheck.unref();
  app.addHook('preClose', async () => {
    clearInterval(heartbeat);
    clearInterval(poolsRecheck);
    streams.endAll();
  });

  app.get('/api/games', async () => {
    const counts = await countMatches(db);
    return {
      items: GAME_IDS.map((id) => ({ id, name: GAME_NAMES[id], ...counts(id) })),
    };
  });

  app.get('/api/matches', async (request) => {
    return listMatches(db, matchListQuerySchema.parse(request.query));
  });

  app.get('/api/matches/:id', async (request) => {
    const { id } = paramsSchema.parse(request.params);
    const match = await findMatchWithMoves(db, id);
    if (!match) throw new HttpError(404, 'This match does not exist.');
    return {
      ...toMatchSummary(match.row),
      turns: match.turns,
      spectators: hub.spectators(id),
    };
  });

  app.get('/api/matches/:id/events', async (request, reply) => {
    const { id } = paramsSchema.parse(request.params);
    const query = z.object({ lastEventId: z.string().optional() }).parse(request.query);
    // EventSource resends the last id it saw as a header; a fresh page may pass it in the query.
    const header = request.headers['last-event-id'];
    const rawLastId = (Array.isArray(header) ? header[0] : header) ?? query.lastEventId ?? '0';
    const lastPly = lastEventIdSchema.safeParse(rawLastId.trim() || '0');
    if (!lastPly.success) throw new HttpError(400, 'Last-Event-ID must be a move number.');
    let match: MatchRow | null;
    try {
      match = await readMatch(id);
    } catch (error) {
      // The database is away for now. An error status would make EventSource give up for good;
      // an empty stream makes it come back after its retry delay, Last-Event-ID and all.
      request.log.warn({ err: error }, 'match stream deferred: database unavailable');
      startEventStream(reply, RECONNECT_MS);
      reply.raw.end();
      return;
    }
    if (!match) throw new HttpError(404, 'This match does not exist.');
    if (!options.admission.admit(request, reply)) return reply;
    await streamMatch(reply, {
      hub,
      streams,
      readMoves,
      readMatch,
      readPools: pools.read,
      readPoolsOnOpen: pools.readOnOpen,
      match,
      lastPly: lastPly.data,
      ...(awaitedVerdicts ? { awaitedVerdicts } : {}),
    });
  });
};

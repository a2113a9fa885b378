import type { ServerResponse } from 'node:http';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { matchListQuerySchema } from '../../../core/protocol/matches.ts';
import type { Database } from '../../db/database.ts';
import { HttpError } from '../../plugins/errors.ts';
import { coalesce } from './coalesce.ts';
import type { MatchHub } from './matchHub.ts';
import { toMatchSummary } from './matchRows.ts';
import { countMatches, findMatch, listMatches, listMoves } from './matchStore.ts';
import { streamMatch } from './matchStream.ts';

const paramsSchema = z.object({ id: z.string().min(1).max(64) });
const lastEventIdSchema = z.coerce.number().int().min(0).max(42);

/** Options of the matches routes: the database, this process's hub, the SSE heartbeat period. */
export interface MatchRoutesOptions {
  db: Database;
  hub: MatchHub;
  heartbeatMs?: number;
}

/** Lists, one match with traces, its live event stream, and the games catalogue counts. */
export const matchRoutes: FastifyPluginAsync<MatchRoutesOptions> = async (app, options) => {
  const { db, hub } = options;
  const readMoves = coalesce(
    (matchId: string, afterPly: number) => listMoves(db, matchId, afterPly),
    (matchId, afterPly) => `${matchId}:${afterPly}`,
  );
  const readMatch = coalesce(
    (matchId: string) => findMatch(db, matchId),
    (matchId) => matchId,
  );
  // Open streams never go idle, so they are ended before the server waits for its connections.
  const openStreams = new Set<ServerResponse>();
  app.addHook('preClose', async () => {
    for (const stream of openStreams) stream.end();
  });

  app.get('/api/games', async () => {
    const counts = await countMatches(db);
    return { items: [{ id: 'connect4', name: 'Connect Four', ...counts }] };
  });

  app.get('/api/matches', async (request) => {
    return listMatches(db, matchListQuerySchema.parse(request.query));
  });

  app.get('/api/matches/:id', async (request) => {
    const { id } = paramsSchema.parse(request.params);
    const row = await findMatch(db, id);
    if (!row) throw new HttpError(404, 'This match does not exist.');
    return {
      ...toMatchSummary(row),
      turns: await listMoves(db, id),
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
    const match = await readMatch(id);
    if (!match) throw new HttpError(404, 'This match does not exist.');
    openStreams.add(reply.raw);
    reply.raw.on('close', () => openStreams.delete(reply.raw));
    await streamMatch(reply, {
      hub,
      readMoves,
      readMatch,
      match,
      lastPly: lastPly.data,
      heartbeatMs: options.heartbeatMs ?? 15_000,
    });
  });
};

import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { type MyBets, type PlaceBetResponse, placeBetBodySchema } from '#core/protocol/bets.ts';
import { listUserBets } from '#server/db/stores/betRows.ts';
import { requireUser } from '#server/plugins/auth.ts';
import { HttpError } from '#server/plugins/errors.ts';
import { matchPools } from './matchPools.ts';
import { ownAgentPlays } from './ownAgentPlays.ts';
import { createBetPlacer } from './placeBets.ts';
import { settleUnsettledMatches } from './settleMatch.ts';

const matchParamsSchema = z.object({ id: z.string().min(1).max(64) });
const myBetsQuerySchema = z.object({ matchId: z.string().min(1).max(64).optional() });

/**
 * `POST /api/bets` (201 new, 200 when the idempotency key was seen; 409 to an owner of a seated
 * agent), `GET /api/bets` (own bets, and whether the user's agent plays the match asked about),
 * `GET /api/matches/:id/pools` (public). At start-up, settles matches left unsettled.
 */
export const betRoutes: FastifyPluginAsync<{
  /** Tells every process's watchers that a match's pools changed (the process's one announcer). */
  announcePools: (matchId: string) => void;
}> = async (app, { announcePools }) => {
  const { config, db, now } = app.gridmind;
  const placeBet = createBetPlacer(db, now, (error) =>
    app.log.warn({ err: error }, 'a batch of bets failed; placing them one by one'),
  );

  app.addHook('onReady', async () => {
    await settleUnsettledMatches(db, config.BET_COMMISSION_PCT, new Date(now()));
  });

  app.post('/api/bets', { preHandler: requireUser }, async (request, reply) => {
    const body = placeBetBodySchema.parse(request.body);
    const userId = request.user?.userId ?? '';
    const placed = await placeBet(userId, body);
    // Watchers of the match get the new pools over its event stream. A retry that finds its bet
    // placed announces too: the process that placed it may have died before it could.
    announcePools(body.matchId);
    reply.code(placed.created ? 201 : 200).header('cache-control', 'no-store');
    const response: PlaceBetResponse = { bet: placed.bet, balance: Number(placed.balance) };
    return response;
  });

  app.get('/api/bets', { preHandler: requireUser }, async (request, reply) => {
    const { matchId } = myBetsQuerySchema.parse(request.query);
    const userId = request.user?.userId ?? '';
    const items = await listUserBets(db, userId, matchId ?? null);
    reply.header('cache-control', 'no-store');
    const response: MyBets = {
      items,
      ownAgentPlays: matchId ? await ownAgentPlays(db, userId, matchId) : false,
    };
    return response;
  });

  app.get('/api/matches/:id/pools', async (request, reply) => {
    const { id } = matchParamsSchema.parse(request.params);
    const pools = await matchPools(db, id, config.BET_COMMISSION_PCT);
    if (!pools) throw new HttpError(404, 'This match does not exist.');
    reply.header('cache-control', 'no-store');
    return pools;
  });
};

import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { GAME_IDS } from '#core/games/gameIds.ts';
import {
  createTournamentBodySchema,
  enterTournamentBodySchema,
} from '#core/protocol/tournaments.ts';
import { agentTournamentsSchema, tournamentListSchema } from '#core/protocol/tournamentViews.ts';
import { requireAdmin, requireUser } from '#server/plugins/auth.ts';
import { HttpError } from '#server/plugins/errors.ts';
import type { StreamAdmission } from '#server/plugins/streamAdmission.ts';
import { enterTournament, withdrawFromTournament } from './entries.ts';
import { cancelTournament, createTournament } from './tournamentAdmin.ts';
import { tournamentDetail } from './tournamentDetail.ts';
import { tournamentGames } from './tournamentGames.ts';
import {
  findTournament,
  listAgentTournaments,
  listEntrants,
  listTournaments,
  toTournamentSummary,
} from './tournamentStore.ts';
import { TournamentHub } from './tournamentStream.ts';

const idParamsSchema = z.object({ id: z.uuid('Unknown tournament.') });
const agentParamsSchema = z.object({ id: z.string().min(1).max(64) });
const entrantParamsSchema = idParamsSchema.extend({ agentId: z.string().min(1).max(64) });
const listQuerySchema = z.object({
  game: z.enum(GAME_IDS, 'Choose a game Gridmind runs.').optional(),
});

/**
 * Tournaments: the public list and page, an agent's tournaments and places, users entering and
 * withdrawing their agents (fees through the ledger), and the admin's create and cancel. The
 * rounds are played and the prizes paid by the runner (runner/sweepTournaments.ts).
 */
export const tournamentRoutes: FastifyPluginAsync<{
  /** The app's places for watcher streams, shared with the matches' streams. */
  streamAdmission: StreamAdmission;
}> = async (app, { streamAdmission }) => {
  const { db, now } = app.gridmind;
  const noStore = { 'cache-control': 'no-store' };
  const hub = new TournamentHub(db);
  await hub.start();
  app.addHook('preClose', () => hub.stop());

  app.get('/api/tournaments', async (request, reply) => {
    const { game } = listQuerySchema.parse(request.query);
    const [upcoming, live, finished] = await Promise.all([
      listTournaments(db, 'upcoming', game ?? null),
      listTournaments(db, 'live', game ?? null),
      listTournaments(db, 'ended', game ?? null),
    ]);
    reply.headers(noStore);
    return tournamentListSchema.parse({
      upcoming: upcoming.map(toTournamentSummary),
      live: live.map(toTournamentSummary),
      finished: finished.map(toTournamentSummary),
    });
  });

  app.get('/api/agents/:id/tournaments', async (request, reply) => {
    const { id } = agentParamsSchema.parse(request.params);
    const items = await listAgentTournaments(db, id);
    reply.headers(noStore);
    return agentTournamentsSchema.parse({
      items: items.map(({ tournament, place }) => ({
        tournament: toTournamentSummary(tournament),
        place,
      })),
    });
  });

  /** The tournament page's data, as the page reads it and as its stream opens with it. */
  const readDetail = async (id: string) => {
    const tournament = await findTournament(db, id);
    if (!tournament) throw new HttpError(404, 'This tournament does not exist.');
    const entrants = await listEntrants(db, id, tournament.game);
    const games = await tournamentGames(db, id);
    return tournamentDetail(tournament, entrants, games);
  };

  app.get('/api/tournaments/:id', async (request, reply) => {
    const { id } = idParamsSchema.parse(request.params);
    const detail = await readDetail(id);
    reply.headers(noStore);
    return detail;
  });

  // The page's live updates: where the tournament stands, then an event whenever it changes (see
  // TournamentHub). An ended tournament has none to send: 204 tells EventSource not to come back.
  app.get('/api/tournaments/:id/events', async (request, reply) => {
    const { id } = idParamsSchema.parse(request.params);
    const tournament = await findTournament(db, id);
    if (!tournament) throw new HttpError(404, 'This tournament does not exist.');
    if (tournament.status === 'finished' || tournament.status === 'cancelled') {
      reply.code(204).headers(noStore).send();
      return;
    }
    if (!streamAdmission.admit(request, reply)) return reply;
    hub.open(reply, id, () => readDetail(id));
  });

  app.post('/api/tournaments/:id/entrants', { preHandler: requireUser }, async (request, reply) => {
    const { id } = idParamsSchema.parse(request.params);
    const { agentId } = enterTournamentBodySchema.parse(request.body);
    const { balance } = await enterTournament(db, {
      tournamentId: id,
      agentId,
      userId: request.user?.userId ?? '',
      isAdmin: request.user?.isAdmin ?? false,
      now: new Date(now()),
    });
    reply.code(201).headers(noStore);
    return { tournamentId: id, agentId, balance: balance === null ? null : Number(balance) };
  });

  app.delete(
    '/api/tournaments/:id/entrants/:agentId',
    { preHandler: requireUser },
    async (request, reply) => {
      const { id, agentId } = entrantParamsSchema.parse(request.params);
      await withdrawFromTournament(db, {
        tournamentId: id,
        agentId,
        userId: request.user?.userId ?? '',
        isAdmin: request.user?.isAdmin ?? false,
        now: new Date(now()),
      });
      reply.code(204).headers(noStore).send();
    },
  );

  app.post('/api/admin/tournaments', { preHandler: requireAdmin }, async (request, reply) => {
    const body = createTournamentBodySchema.parse(request.body);
    const id = await createTournament(db, body, request.user?.userId ?? null, new Date(now()));
    reply.code(201).headers(noStore);
    return { tournamentId: id };
  });

  app.post(
    '/api/admin/tournaments/:id/cancel',
    { preHandler: requireAdmin },
    async (request, reply) => {
      const { id } = idParamsSchema.parse(request.params);
      const refunded = await cancelTournament(
        db,
        id,
        request.user?.userId ?? null,
        new Date(now()),
      );
      reply.headers(noStore);
      return { tournamentId: id, status: 'cancelled' as const, refunded };
    },
  );
};

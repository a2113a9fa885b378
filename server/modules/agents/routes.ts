import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { agentListQuerySchema } from '#core/protocol/agents.ts';
import type { Database } from '#server/db/database.ts';
import { findAgent, findAgents, listAgents } from '#server/db/stores/agentStore.ts';
import { HttpError } from '#server/plugins/errors.ts';

const paramsSchema = z.object({ id: z.string().min(1).max(64) });

/**
 * `GET /api/agents` (the leaderboard's top, overall or of one game, or the agents `ids` names)
 * and `GET /api/agents/:id` (with rating history).
 */
export const agentRoutes: FastifyPluginAsync<{ db: Database }> = async (app, { db }) => {
  app.get('/api/agents', async (request) => {
    const { game, ids } = agentListQuerySchema.parse(request.query);
    if (ids && game)
      throw new HttpError(400, 'Ask for a leaderboard or for agents by id, not both.');
    return { items: ids ? await findAgents(db, ids) : await listAgents(db, game) };
  });

  app.get('/api/agents/:id', async (request) => {
    const { id } = paramsSchema.parse(request.params);
    const agent = await findAgent(db, id, new Date(app.gridmind.now()));
    if (!agent) throw new HttpError(404, 'This agent does not exist.');
    return agent;
  });
};

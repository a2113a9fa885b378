import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { agentListQuerySchema } from '../../../core/protocol/agents.ts';
import type { Database } from '../../db/database.ts';
import { findAgent, listAgents } from '../../db/stores/agentStore.ts';
import { HttpError } from '../../plugins/errors.ts';

const paramsSchema = z.object({ id: z.string().min(1).max(64) });

/** `GET /api/agents` (the leaderboard, overall or of one game) and `GET /api/agents/:id` (with rating history). */
export const agentRoutes: FastifyPluginAsync<{ db: Database }> = async (app, { db }) => {
  app.get('/api/agents', async (request) => {
    const { game } = agentListQuerySchema.parse(request.query);
    return { items: await listAgents(db, game) };
  });

  app.get('/api/agents/:id', async (request) => {
    const { id } = paramsSchema.parse(request.params);
    const agent = await findAgent(db, id, new Date(app.gridmind.now()));
    if (!agent) throw new HttpError(404, 'This agent does not exist.');
    return agent;
  });
};

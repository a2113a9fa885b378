import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { HttpError } from '../../plugins/errors.ts';
import { findAgent, listAgents } from './agentStore.ts';

const paramsSchema = z.object({ id: z.string().min(1).max(64) });

/** `GET /api/agents` (the leaderboard) and `GET /api/agents/:id` (with rating history). */
export const agentRoutes: FastifyPluginAsync<{ db: Database }> = async (app, { db }) => {
  app.get('/api/agents', async () => ({ items: await listAgents(db) }));

  app.get('/api/agents/:id', async (request) => {
    const { id } = paramsSchema.parse(request.params);
    const agent = await findAgent(db, id);
    if (!agent) throw new HttpError(404, 'This agent does not exist.');
    return agent;
  });
};

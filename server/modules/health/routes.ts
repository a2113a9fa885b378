import type { FastifyPluginAsync } from 'fastify';

/** `GET /api/health`: the process is up and answering. */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/health', async () => ({ ok: true }));
};

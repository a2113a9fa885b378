import type { FastifyPluginAsync } from 'fastify';
import type { Readiness } from './readiness.ts';

/**
 * `GET /api/health`: the process is up and answering. `GET /api/health/ready`: it is warm and
 * not stopping (readiness.ts), so a balancer or a rolling restart may send it traffic; 503
 * before and after.
 */
export const healthRoutes: FastifyPluginAsync<{ readiness: Readiness }> = async (
  app,
  { readiness },
) => {
  app.addHook('onReady', async () => {
    void readiness.whenWarm();
  });
  app.addHook('preClose', async () => readiness.stop());
  app.get('/api/health', async () => ({ ok: true }));
  app.get('/api/health/ready', async (_request, reply) => {
    const ready = readiness.ready;
    return reply.code(ready ? 200 : 503).send({ ready });
  });
};

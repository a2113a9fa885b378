import type { FastifyPluginAsync } from 'fastify';

/**
 * `GET /api/health`: the process is up and answering. `GET /api/health/ready`: it is warm (`warm`
 * has resolved: warmUp.ts) and not stopping, so a balancer or a rolling restart may send it
 * traffic; 503 before and after. With `warmFirst` the app is ready, so listens, only once warm;
 * otherwise it listens at once and warms meanwhile. Without `warm` (tests' apps) it is ready at
 * once.
 */
export const healthRoutes: FastifyPluginAsync<{
  warm: (() => Promise<void>) | null;
  warmFirst: boolean;
}> = async (app, { warm, warmFirst }) => {
  let ready = false;
  let stopping = false;
  app.addHook('onReady', async () => {
    if (!warm) {
      ready = true;
      return;
    }
    // A failed warm-up is logged, and the process is ready all the same: only slower at first.
    const warmed = warm()
      .catch((error: unknown) => app.log.error({ err: error }, 'warm-up failed'))
      .finally(() => {
        ready = !stopping;
      });
    if (warmFirst) await warmed;
  });
  app.addHook('preClose', async () => {
    stopping = true;
    ready = false;
  });
  app.get('/api/health', async () => ({ ok: true }));
  app.get('/api/health/ready', async (_request, reply) =>
    reply.code(ready ? 200 : 503).send({ ready }),
  );
};

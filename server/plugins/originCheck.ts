import type { FastifyInstance } from 'fastify';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests sent by another site's page: a foreign `Origin`, or a browser
 * saying `Sec-Fetch-Site: cross-site`. Requests with neither (curl, server to server) carry no
 * ambient browser cookies worth forging, so they pass.
 */
export function registerOriginCheck(app: FastifyInstance, appOrigin: string): void {
  app.addHook('onRequest', async (request, reply) => {
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    const foreignOrigin = origin !== undefined && origin !== appOrigin;
    const crossSite = request.headers['sec-fetch-site'] === 'cross-site';
    if (foreignOrigin || crossSite) {
      return reply.code(403).send({ error: 'Forbidden origin' });
    }
  });
}

import type { FastifyInstance } from 'fastify';

/** How soon a refused stream's client may come back (the SSE pages reopen after it). */
const STREAM_RETRY_AFTER_S = 1;

/**
 * How a stopping process treats what still reaches it (the app is built with Fastify's
 * `return503OnClosing` off): nginx keeps connections to each process open and sends new requests
 * on them while the process stops, and Fastify's default 503 for those reached the client, which
 * a page's bet does not send again. They are served instead, each answer saying
 * `Connection: close`, so nginx opens its next connection elsewhere (this process no longer
 * listens once Fastify closes). A new event stream is the exception: it would hold the stop open
 * for as long as it lives, so it is refused with a short Retry-After, which the pages' streams
 * and bots honour by coming back (through nginx, to another process).
 */
export function registerDrainOnClose(app: FastifyInstance): void {
  let draining = false;
  app.addHook('preClose', async () => {
    draining = true;
  });
  app.addHook('onRequest', async (request, reply) => {
    if (!draining) return;
    reply.header('connection', 'close');
    if (request.url.split('?')[0]?.endsWith('/events')) {
      return reply
        .code(503)
        .header('retry-after', String(STREAM_RETRY_AFTER_S))
        .send({ error: 'This server is restarting; try again.' });
    }
  });
}

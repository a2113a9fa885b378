import type { FastifyReply } from 'fastify';

/**
 * Answers 200 with the event-stream headers and the client's reconnection delay (the SSE `retry:`
 * field), taking the reply from Fastify: from here on the route writes the stream itself. Proxies
 * are told not to buffer it (`x-accel-buffering`) nor transform it.
 */
export function startEventStream(reply: FastifyReply, reconnectMs: number): void {
  reply.hijack();
  reply.raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  reply.raw.write(`retry: ${reconnectMs}\n\n`);
}

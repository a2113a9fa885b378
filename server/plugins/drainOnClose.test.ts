import { Agent, request } from 'node:http';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerDrainOnClose } from './drainOnClose.ts';

/** A GET on `agent`'s kept-open connection: status and Connection header. */
function get(port: number, path: string, agent: Agent) {
  return new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
    const outgoing = request({ host: '127.0.0.1', port, path, agent }, (answer) => {
      answer.resume();
      answer.on('end', () =>
        resolve({ status: answer.statusCode ?? 0, connection: answer.headers.connection }),
      );
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

// During a rolling restart nginx sent new requests on connections it kept open to a stopping
// process, and Fastify's 503 for each reached the client (20–40 bets a restart).
describe('a stopping app', () => {
  it('serves what reaches it on an open connection, saying close, and refuses new streams', async () => {
    const app = Fastify({ return503OnClosing: false });
    registerDrainOnClose(app);
    app.get('/api/bets', async () => ({ ok: true }));
    app.get('/api/matches/m/events', async () => ({ stream: true }));
    // Holds the stop in its preClose phase until the requests below were answered.
    let resume = () => {};
    const held = new Promise<void>((resolve) => {
      resume = resolve;
    });
    app.addHook('preClose', () => held);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      expect(await get(port, '/api/bets', agent)).toEqual({
        status: 200,
        connection: 'keep-alive',
      });
      const closing = app.close();
      const served = await get(port, '/api/bets', agent);
      expect(served).toEqual({ status: 200, connection: 'close' });
      const stream = await get(port, '/api/matches/m/events?x=1', new Agent());
      expect(stream.status).toBe(503);
      resume();
      await closing;
    } finally {
      resume();
      agent.destroy();
      await app.close();
    }
  });
});

import { createServer, type Server } from 'node:http';
import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpRequest } from '#server/testing/nginxClients.ts';
import { findNginx, type NginxProcess, startNginx } from '#server/testing/nginxProcess.ts';
import { freePort } from '#server/testing/serverProcess.ts';

// How deploy/nginx.conf counts processes out, run by nginx itself in front of two stand-in
// processes that answer with their port and hold event streams open. nginx counts a process out for
// fail_timeout after refused connections and takes it back only when a request to it after that
// time ends well; a rolling restart had nginx answer 502 to everyone for seconds while both
// processes were up (the first back still counted out when the second stopped, and streams,
// which end hours later, taken as the request that would take a process back).

const nginx = findNginx();
if (!nginx)
  console.warn('nginx upstreams test skipped: no nginx here (as root, npm test installs it)');

/** A stand-in process on a fixed port that can stop (refusing connections) and start again. */
class StandIn {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  constructor(readonly port: number) {}

  async start(): Promise<void> {
    const server = createServer((request, response) => {
      if (request.url?.endsWith('/events')) {
        response.writeHead(200, { 'content-type': 'text/event-stream' });
        response.flushHeaders();
        return;
      }
      response.end(String(this.port));
    });
    server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.once('close', () => this.sockets.delete(socket));
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.server = server;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return;
    for (const socket of this.sockets) socket.destroy();
    await new Promise((resolve) => server.close(resolve));
  }
}

describe.skipIf(!nginx)('deploy/nginx.conf with every process counted out', () => {
  const processes: StandIn[] = [];
  let proxy: NginxProcess;
  beforeAll(async () => {
    for (let index = 0; index < 2; index++) processes.push(new StandIn(await freePort()));
    for (const process of processes) await process.start();
    proxy = await startNginx(nginx!, {
      listenPort: await freePort(),
      upstreamPorts: processes.map((process) => process.port),
    });
  }, 30_000);
  afterAll(async () => {
    await proxy?.stop();
    for (const process of processes) await process.stop();
  });

  /** Opens an event stream and resolves with its status once its head came (then lets it go). */
  const streamStatus = async (path: string) => {
    const { request } = await import('node:http');
    return new Promise<number>((resolve, reject) => {
      const req = request(`${proxy.base}${path}`, (res) => {
        resolve(res.statusCode ?? 0);
        res.destroy();
      });
      req.on('error', reject);
      req.end();
    });
  };

  /** Both processes down long enough for nginx to count each out, requests and streams alike. */
  const countEveryProcessOut = async () => {
    for (const process of processes) await process.stop();
    for (let index = 0; index < 6; index++) {
      expect((await httpRequest(`${proxy.base}/api/health`)).status).toBe(502);
      expect(await streamStatus(`/api/matches/m${index}/events`)).toBe(502);
    }
    for (const process of processes) await process.start();
  };

  it('sends requests to a process back up at once, though its time out has not ended', async () => {
    await countEveryProcessOut();
    // Well inside fail_timeout (2 s): nginx still counts both out, and asks them all the same.
    const statuses: number[] = [];
    const answeredBy = new Set<string>();
    for (let index = 0; index < 20; index++) {
      const answer = await httpRequest(`${proxy.base}/api/health`);
      statuses.push(answer.status);
      answeredBy.add(answer.body);
    }
    expect(statuses).toEqual(Array(20).fill(200));
    expect(answeredBy.size).toBe(2);
  });

  it('opens event streams on a process back up at once, and they hold nothing back', async () => {
    await countEveryProcessOut();
    for (let index = 0; index < 4; index++) {
      expect(await streamStatus(`/api/tournaments/t${index}/events`)).toBe(200);
      expect((await httpRequest(`${proxy.base}/api/health`)).status).toBe(200);
    }
    expect(await streamStatus('/api/bot/events')).toBe(200);
  });
});

import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Paths the server answers itself; everything else that is a page belongs to the client. */
const API_PREFIXES = ['/api/', '/auth/'];

/* True for a GET of a client-side page (no file extension, not an API path). */
function isClientPage(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = request.url.split('?')[0] ?? '/';
  if (API_PREFIXES.some((prefix) => path.startsWith(prefix) || `${path}/` === prefix)) return false;
  const lastSegment = path.slice(path.lastIndexOf('/') + 1);
  return !lastSegment.includes('.');
}

/** True when a browser is navigating (typing the URL, reloading), not a fetch from our own code. */
export function isNavigation(request: FastifyRequest): boolean {
  const mode = request.headers['sec-fetch-mode'];
  if (mode !== undefined) return mode === 'navigate';
  return (request.headers.accept ?? '').includes('text/html');
}

/** Sends the client's index.html: the SPA's router takes it from there. */
export function sendClientIndex(reply: FastifyReply): FastifyReply {
  return reply.header('cache-control', 'no-cache').sendFile('index.html');
}

/**
 * Serves the built client from clientDir: hashed assets cached for a year, index.html and the
 * service worker revalidated on every load; unknown pages fall back to index.html.
 */
export async function registerClient(app: FastifyInstance, clientDir: string): Promise<void> {
  const root = resolve(clientDir);
  if (!existsSync(resolve(root, 'index.html'))) {
    throw new Error(`No built client in ${root}: run \`npm run build\` first`);
  }
  await app.register(fastifyStatic, {
    root,
    wildcard: true,
    index: false,
    // Our setHeaders decides caching; @fastify/static's default would override it.
    cacheControl: false,
    setHeaders(response, filePath) {
      const immutable = filePath.startsWith(resolve(root, 'assets'));
      response.setHeader(
        'cache-control',
        immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  app.get('/', (_request, reply) => sendClientIndex(reply));
}

/** Unknown routes: index.html for client pages when a client is served, else a JSON 404. */
export function registerNotFound(app: FastifyInstance, servesClient: boolean): void {
  app.setNotFoundHandler((request, reply) => {
    if (servesClient && isClientPage(request)) return sendClientIndex(reply);
    return reply.code(404).send({ error: 'Not found' });
  });
}

import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PRERENDERED_PAGES, prerenderedPageFor } from '#core/site/prerenderedPages.ts';
import { chooseEncoding, compress } from './compression.ts';
import { type PreviewTags, withPreviewTags } from './previewTags.ts';
import { withAbsoluteShareUrls } from './shareUrls.ts';

declare module 'fastify' {
  interface FastifyReply {
    /** Present when the client is served for an APP_ORIGIN: sends a built page, filled in. */
    sendClientHtml?: (file: string) => Promise<FastifyReply>;
  }
}

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
export function sendClientIndex(reply: FastifyReply): FastifyReply | Promise<FastifyReply> {
  return sendHtml(reply, 'index.html');
}

/** Sends a built HTML file, revalidated on every load. */
function sendHtml(reply: FastifyReply, file: string): FastifyReply | Promise<FastifyReply> {
  reply.header('cache-control', 'no-cache');
  return reply.sendClientHtml ? reply.sendClientHtml(file) : reply.sendFile(file);
}

/** The link preview of a page's path (a match, an agent…), or undefined for the site's own. */
export type PreviewTagsOf = (pathname: string) => Promise<PreviewTags | undefined>;

/**
 * Makes pages go out with absolute sharing URLs on `appOrigin` (see withAbsoluteShareUrls) and,
 * given `previewTagsOf`, with their own link previews. Each page differs by its og:url, so it is
 * compressed per request (a few KB) rather than at build time.
 */
function fillPagesFor(
  app: FastifyInstance,
  root: string,
  appOrigin: string,
  previewTagsOf: PreviewTagsOf | undefined,
): void {
  const pages = new Map<string, Promise<string>>();
  app.decorateReply('sendClientHtml', async function (this: FastifyReply, file: string) {
    let html = pages.get(file);
    if (html === undefined) {
      html = readFile(resolve(root, file), 'utf8');
      pages.set(file, html);
    }
    const pathname = new URL(this.request.url, appOrigin).pathname;
    const shared = withAbsoluteShareUrls(await html, appOrigin, pathname);
    // A preview that cannot be read leaves the site's own: the page itself must still load.
    const tags = await previewTagsOf?.(pathname).catch((error: unknown) => {
      this.request.log.warn({ err: error }, 'a link preview could not be read');
      return undefined;
    });
    const page = tags === undefined ? shared : withPreviewTags(shared, tags);
    this.type('text/html; charset=utf-8').header('vary', 'accept-encoding');
    const encoding = chooseEncoding(this.request.headers['accept-encoding']);
    if (encoding === null) return this.send(page);
    // Brotli at quality 5 like the JSON answers: its default 11 costs milliseconds per page load.
    return this.header('content-encoding', encoding).send(await compress(page, encoding));
  });
}

/** Files of the built client's prerendered pages (scripts/prerender.ts) that exist. */
function prerenderedFiles(root: string): Set<string> {
  return new Set(
    PRERENDERED_PAGES.map((page) => page.file).filter((file) => existsSync(resolve(root, file))),
  );
}

/**
 * Sends a page: its prerendered first paint where the build wrote one, else index.html. Either
 * way the SPA's router takes it from there.
 */
function sendClientPage(
  request: FastifyRequest,
  reply: FastifyReply,
  prerendered: ReadonlySet<string>,
): FastifyReply | Promise<FastifyReply> {
  const file = prerenderedPageFor(request.url)?.file;
  if (file === undefined || !prerendered.has(file)) return sendClientIndex(reply);
  return sendHtml(reply, file);
}

/** Hashed build output: a file's name changes whenever its content does. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built client from clientDir: hashed files under /assets cached for a year; index.html,
 * the manifest, the service worker and the other unhashed files revalidated on every load. Sends the
 * brotli or gzip copy the build wrote beside a file when the browser accepts it
 * (scripts/vitePrecompress.ts). Given `appOrigin`, pages go out with absolute sharing URLs on it,
 * and with their own link previews given `previewTagsOf`.
 * Returns the prerendered pages it found, for registerNotFound.
 */
export async function registerClient(
  app: FastifyInstance,
  clientDir: string,
  options: { appOrigin?: string; previewTagsOf?: PreviewTagsOf } = {},
): Promise<ReadonlySet<string>> {
  const root = resolve(clientDir);
  if (!existsSync(resolve(root, 'index.html'))) {
    throw new Error(`No built client in ${root}: run \`npm run build\` first`);
  }
  const assetsDir = `${resolve(root, 'assets')}${sep}`;
  await app.register(fastifyStatic, {
    root,
    wildcard: true,
    index: false,
    preCompressed: true,
    // Our setHeaders decides caching; @fastify/static's default would override it.
    cacheControl: false,
    setHeaders(response, filePath) {
      response.setHeader('cache-control', filePath.startsWith(assetsDir) ? IMMUTABLE : 'no-cache');
      // One URL, several encodings: shared caches must key on what the browser accepts.
      response.setHeader('vary', 'accept-encoding');
    },
  });
  if (options.appOrigin !== undefined) {
    fillPagesFor(app, root, options.appOrigin, options.previewTagsOf);
  }
  const prerendered = prerenderedFiles(root);
  app.get('/', (request, reply) => sendClientPage(request, reply, prerendered));
  return prerendered;
}

/**
 * Unknown routes: client pages (their prerendered first paint, or index.html) when a client is
 * served (`clientPages` given), else a JSON 404.
 */
export function registerNotFound(
  app: FastifyInstance,
  clientPages: ReadonlySet<string> | undefined,
): void {
  app.setNotFoundHandler((request, reply) => {
    if (clientPages !== undefined && isClientPage(request)) {
      return sendClientPage(request, reply, clientPages);
    }
    return reply.code(404).send({ error: 'Not found' });
  });
}

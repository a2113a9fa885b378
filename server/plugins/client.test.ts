import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerClient, registerNotFound } from './client.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

// Large enough that compression pays, as the build's precompress step requires.
const script = `export const board = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => i))};\n`;
const html = `<!doctype html><title>Gridmind</title>${'<meta name="x" content="y">'.repeat(60)}`;
const serviceWorker = `self.addEventListener('fetch', () => {});\n${'// precache\n'.repeat(200)}`;
const agentsPage = `<!doctype html><title>Agents</title>${'<p>Every agent by rating</p>'.repeat(60)}`;
const watchPage = `<!doctype html><title>Match</title>${'<p>Two AI agents play</p>'.repeat(60)}`;
const manifest = JSON.stringify({ name: 'Gridmind', short_name: 'Gridmind' });

/** Writes `file` with its .br and .gz copies, as scripts/vitePrecompress.ts does at build time. */
async function writeWithCopies(file: string, text: string): Promise<void> {
  await writeFile(file, text);
  await writeFile(`${file}.br`, brotliCompressSync(text));
  await writeFile(`${file}.gz`, gzipSync(text));
}

describe('the built client', () => {
  let clientDir: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    clientDir = await mkdtemp(join(tmpdir(), 'gridmind-client-'));
    await mkdir(join(clientDir, 'assets'));
    await writeWithCopies(join(clientDir, 'index.html'), html);
    await writeWithCopies(join(clientDir, 'assets', 'index-Ab12Cd34.js'), script);
    await writeWithCopies(join(clientDir, 'sw.js'), serviceWorker);
    // Two of the pages scripts/prerender.ts writes; the others fall back to index.html.
    await mkdir(join(clientDir, 'pages'));
    await writeWithCopies(join(clientDir, 'pages', 'agents.html'), agentsPage);
    await writeWithCopies(join(clientDir, 'pages', 'watch.html'), watchPage);
    // Too small to be worth a compressed copy: always sent as is.
    await writeFile(join(clientDir, 'manifest.webmanifest'), manifest);
    app = Fastify();
    registerNotFound(app, await registerClient(app, clientDir));
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    await rm(clientDir, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    app.inject({
      url,
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });

  it('sends the brotli copy of a hashed asset to a browser that accepts br, cached for a year', async () => {
    const response = await get('/assets/index-Ab12Cd34.js', 'gzip, deflate, br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toContain('javascript');
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
    expect(response.headers.vary).toContain('accept-encoding');
    expect(response.rawPayload.length).toBeLessThan(script.length);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(script);
  });

  it('falls back to gzip, then to the plain file, as the browser accepts less', async () => {
    const gzipped = await get('/assets/index-Ab12Cd34.js', 'gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(script);
    expect(gzipped.headers['cache-control']).toBe(IMMUTABLE);

    const plain = await get('/assets/index-Ab12Cd34.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    expect(plain.headers['cache-control']).toBe(IMMUTABLE);
  });

  it.each(['/', '/games/sessions', '/agents/ada?tab=history', '/agents/mine', '/profile'])(
    'sends index.html for %s, which has no prerendered page here, compressed and revalidated on every load',
    async (url) => {
      const response = await get(url, 'br');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(response.rawPayload).toString()).toBe(html);
    },
  );

  it.each([
    ['/agents', agentsPage],
    ['/agents/?sort=rating', agentsPage],
    ['/games/sessions/5b0e6c1e-0000-4000-8000-000000000000', watchPage],
  ])(
    'sends the prerendered page for %s, compressed and revalidated on every load',
    async (url, page) => {
      const response = await get(url, 'br');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(response.rawPayload).toString()).toBe(page);
    },
  );

  it('revalidates the service worker and the manifest on every load', async () => {
    const worker = await get('/sw.js', 'br');
    expect(worker.headers['content-encoding']).toBe('br');
    expect(worker.headers['content-type']).toContain('javascript');
    expect(worker.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(worker.rawPayload).toString()).toBe(serviceWorker);

    const webManifest = await get('/manifest.webmanifest', 'br');
    expect(webManifest.statusCode).toBe(200);
    expect(webManifest.headers['content-encoding']).toBeUndefined();
    expect(webManifest.body).toBe(manifest);
    expect(webManifest.headers['cache-control']).toBe('no-cache');
  });

  it('answers a missing asset with 404, not index.html, whatever the encoding', async () => {
    const response = await get('/assets/missing-00000000.js', 'br, gzip');
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('<title>');
  });
});

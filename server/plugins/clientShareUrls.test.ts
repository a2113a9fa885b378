import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerClient, registerNotFound } from './client.ts';

const head = (title: string) =>
  `<!doctype html><title>${title}</title>` +
  '<meta property="og:url" content="/" />' +
  '<meta property="og:image" content="/icons/icon-512.png" />' +
  '<meta name="twitter:image" content="/icons/icon-512.png" />';

describe('built pages served for an APP_ORIGIN', () => {
  let clientDir: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    clientDir = await mkdtemp(join(tmpdir(), 'gridmind-share-'));
    await writeFile(join(clientDir, 'index.html'), head('Gridmind'));
    await mkdir(join(clientDir, 'pages'));
    await writeFile(join(clientDir, 'pages', 'agents.html'), head('Agents'));
    app = Fastify();
    registerNotFound(
      app,
      await registerClient(app, clientDir, { appOrigin: 'https://gridmind.example' }),
    );
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await rm(clientDir, { recursive: true, force: true });
  });

  it.each([
    ['/', 'Gridmind', 'https://gridmind.example/'],
    ['/agents?sort=rating', 'Agents', 'https://gridmind.example/agents'],
    ['/games/sessions/"<x>', 'Gridmind', 'https://gridmind.example/games/sessions/%22%3Cx%3E'],
  ])(
    '%s names its own URL and absolute images, compressed when accepted',
    async (url, title, pageUrl) => {
      for (const acceptEncoding of ['br', '']) {
        const response = await app.inject({ url, headers: { 'accept-encoding': acceptEncoding } });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(response.headers['cache-control']).toBe('no-cache');
        const html =
          acceptEncoding === 'br'
            ? brotliDecompressSync(response.rawPayload).toString()
            : response.body;
        expect(response.headers['content-encoding']).toBe(acceptEncoding || undefined);
        expect(html).toBe(
          `<!doctype html><title>${title}</title>` +
            `<meta property="og:url" content="${pageUrl}" />` +
            '<meta property="og:image" content="https://gridmind.example/icons/icon-512.png" />' +
            '<meta name="twitter:image" content="https://gridmind.example/icons/icon-512.png" />',
        );
      }
    },
  );
});

describe('built pages with link previews of their own', () => {
  let clientDir: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    clientDir = await mkdtemp(join(tmpdir(), 'gridmind-preview-tags-'));
    await writeFile(
      join(clientDir, 'index.html'),
      `${head('Gridmind')}<meta name="twitter:card" content="summary" />`,
    );
    app = Fastify();
    const previewTagsOf = async (pathname: string) => {
      if (pathname === '/broken') throw new Error('the database is away');
      if (pathname !== '/shown') return undefined;
      return { title: 'A & B', description: 'd', image: 'https://x.example/p.png', imageAlt: 'a' };
    };
    registerNotFound(
      app,
      await registerClient(app, clientDir, {
        appOrigin: 'https://gridmind.example',
        previewTagsOf,
      }),
    );
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await rm(clientDir, { recursive: true, force: true });
  });

  it('names the page and its picture, its text escaped', async () => {
    const html = (await app.inject({ url: '/shown' })).body;
    expect(html).toContain('<title>A &#38; B</title>');
    expect(html).toContain('<meta property="og:image" content="https://x.example/p.png" />');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
  });

  it.each(['/other', '/broken'])('%s keeps the site’s preview, and loads', async (url) => {
    const response = await app.inject({ url });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>Gridmind</title>');
    expect(response.body).toContain('content="https://gridmind.example/icons/icon-512.png"');
    expect(response.body).toContain('<meta name="twitter:card" content="summary" />');
  });
});

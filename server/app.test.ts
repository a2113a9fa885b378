import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BODY_LIMIT_BYTES, buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import type { Database } from './db/database.ts';
import { SECURITY_HEADERS } from './plugins/securityHeaders.ts';
import { openTestDatabase } from './testing/testDatabase.ts';

describe('app shell', () => {
  let db: Database;
  let app: FastifyInstance;
  beforeAll(async () => {
    const clientDir = await mkdtemp(join(tmpdir(), 'gridmind-client-'));
    await writeFile(join(clientDir, 'index.html'), '<!doctype html><title>Gridmind</title>');
    await mkdir(join(clientDir, 'assets'));
    await writeFile(join(clientDir, 'assets', 'main-abc123.js'), 'console.log(1)');
    db = await openTestDatabase('pglite');
    app = await buildApp({ config: loadConfig({}), db, clientDir });
    // Added before the app is ready, as a route module would: they exercise the error handler.
    app.get('/api/test/crash', async () => {
      throw new Error('database password is hunter2');
    });
    app.get('/api/test/invalid', async () => z.object({ count: z.number() }).parse({ count: 'x' }));
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it('answers GET /api/health', async () => {
    const response = await app.inject('/api/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
  });

  it.each(['/', '/games/sessions/42', '/auth/whatever', '/api/nothing-here'])(
    'puts the security headers on %s',
    async (url) => {
      const response = await app.inject(url);
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain(
        "script-src 'self' 'wasm-unsafe-eval' https://telegram.org/js/telegram-web-app.js;",
      );
      expect(csp).toContain('frame-ancestors https://web.telegram.org');
      expect(csp).toContain('wss://*.walletconnect.org');
      expect(csp).toContain('https://fonts.reown.com');
      const directives = new Map(
        csp.split('; ').map((directive) => {
          const [name = '', ...sources] = directive.split(' ');
          return [name, sources] as const;
        }),
      );
      // ENS and identity avatars live on any host: an https image must load.
      expect(directives.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https:']);
      // ...while fetches stay on a list: no blanket https: and no unused public RPC.
      const connectSources = directives.get('connect-src') ?? [];
      expect(connectSources).toContain('https://rpc.walletconnect.org');
      expect(connectSources).toContain('https://ethereum.reth.rs');
      expect(connectSources).not.toContain('https:');
      expect(connectSources).not.toContain('https://cloudflare-eth.com');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(response.headers['x-frame-options']).toBeUndefined();
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
        expect(response.headers[name]).toBe(value);
      }
    },
  );

  it('serves index.html for client pages (SPA fallback)', async () => {
    // An agent's page is the shell too, titled for its link preview; an unknown one keeps the site's.
    for (const [url, title] of [
      ['/', 'Gridmind'],
      ['/games', 'Gridmind'],
      ['/agents/no-such-agent', 'Gridmind'],
      ['/agents/ada', 'Ada · Agent on Gridmind'],
      ['/privacy-policy?x=1', 'Gridmind'],
    ] as const) {
      const response = await app.inject(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain(`<title>${title}</title>`);
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves hashed assets as immutable and 404s a missing file instead of index.html', async () => {
    const asset = await app.inject('/assets/main-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const missing = await app.inject('/assets/missing-000.js');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain('<title>');
  });

  it('refuses request bodies over 16 KB on any route with a JSON 413', async () => {
    expect(BODY_LIMIT_BYTES).toBe(16 * 1024);
    const response = await app.inject({
      method: 'POST',
      url: '/api/health',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ padding: 'x'.repeat(BODY_LIMIT_BYTES) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ error: 'Request body too large' });
  });

  it('serves the Sign Out page to a navigation to /auth/logout, and {} to fetch', async () => {
    const navigation = await app.inject({
      url: '/auth/logout',
      headers: { 'sec-fetch-mode': 'navigate', accept: 'text/html' },
    });
    expect(navigation.body).toContain('<title>Gridmind</title>');
    const fetched = await app.inject({
      url: '/auth/logout',
      headers: { 'sec-fetch-mode': 'cors' },
    });
    expect(fetched.body).toBe('{}');
  });

  it('hides the details of a 5xx and lists the issues of invalid input', async () => {
    const crash = await app.inject('/api/test/crash');
    expect(crash.statusCode).toBe(500);
    expect(crash.json()).toEqual({ error: 'Internal error' });
    const invalid = await app.inject('/api/test/invalid');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toEqual({
      error: 'Invalid request',
      issues: [{ path: 'count', message: expect.any(String) }],
    });
  });

  it('answers an unknown API route with a JSON 404, not index.html', async () => {
    for (const url of ['/api/unknown', '/api/', '/auth/unknown']) {
      const response = await app.inject(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ error: 'Not found' });
    }
  });
});

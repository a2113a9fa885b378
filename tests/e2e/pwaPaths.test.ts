import type { BrowserContext, ConsoleMessage, Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { newIsolatedContext } from './support/browser.ts';
import { serveWalletImages, WALLET_IMAGE_URL, waitForServiceWorkerControl } from './support/pwa.ts';
import { serverAndBrowserForFile } from './support/suite.ts';

const harness = serverAndBrowserForFile();
let context: BrowserContext | undefined;
afterEach(async () => {
  await context?.close();
  context = undefined;
});

async function phonePage(options: { serviceWorkers?: 'allow' | 'block' } = {}): Promise<Page> {
  context = await newIsolatedContext(
    harness.browser,
    harness.server.origin,
    { width: 390, height: 844 },
    options,
  );
  return context.newPage();
}

/** Console errors and uncaught exceptions, except the harness's own aborts of other origins. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  const ours = (url: string) => url.startsWith(`${harness.server.origin}/`);
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() !== 'error') return;
    const { url } = message.location();
    const harnessAbort =
      message.text().includes('net::ERR_INTERNET_DISCONNECTED') && url !== '' && !ours(url);
    if (!harnessAbort) errors.push(`${message.text()} (${url})`);
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  return errors;
}

/** The paths of the requests held by a Cache Storage cache (the precache's name is Workbox's). */
function cachedPaths(page: Page, cacheName: 'precache' | string): Promise<string[]> {
  return page.evaluate(async (name) => {
    const key =
      name === 'precache' ? (await caches.keys()).find((key) => key.includes('precache')) : name;
    if (!key || !(await caches.has(key))) return [];
    const cache = await caches.open(key);
    return (await cache.keys()).map((request) => new URL(request.url).pathname);
  }, cacheName);
}

describe('without a service worker', () => {
  it('everything works where no service worker exists (Telegram iOS, some private modes)', async () => {
    const page = await phonePage({ serviceWorkers: 'block' });
    const errors = collectErrors(page);
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Login' }).waitFor();

    // In-app navigation to the live data: the agents' leaderboard and the matches list.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation').getByRole('link', { name: 'Agents', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Agents', exact: true }).waitFor();
    await page.locator('table.leaderboard tbody tr').first().waitFor();
    await page.goto('/games/sessions');
    await page.getByRole('heading', { level: 1, name: 'Active Games', exact: true }).waitFor();
    await page
      .locator('[aria-label="Live matches"] .match-card')
      .or(page.getByText('No match is being played right now'))
      .first()
      .waitFor();

    expect(
      await page.evaluate(async () => ({
        controller: navigator.serviceWorker?.controller ?? null,
        registrations: (await navigator.serviceWorker?.getRegistrations())?.length ?? 0,
      })),
    ).toEqual({ controller: null, registrations: 0 });
    expect(errors).toEqual([]);
  });
});

describe('service worker paths', () => {
  it('caches the wallet modal chunks at run time after first use, never in the precache', async () => {
    const page = await phonePage();
    await page.goto('/');
    await waitForServiceWorkerControl(page);
    expect(await cachedPaths(page, 'gridmind-lazy-chunks')).not.toContainEqual(
      expect.stringMatching(/^\/assets\/walletStack-/),
    );

    // The Login modal, once, with Reown's cloud out of reach (the context aborts other origins).
    await page.getByRole('button', { name: 'Login' }).click();
    await expect
      .poll(() => cachedPaths(page, 'gridmind-lazy-chunks'), { timeout: 60_000 })
      .toContainEqual(expect.stringMatching(/^\/assets\/walletStack-/));

    const lazy = await cachedPaths(page, 'gridmind-lazy-chunks');
    const precached = new Set(await cachedPaths(page, 'precache'));
    expect(precached.size).toBeGreaterThan(0);
    expect(lazy.filter((path) => precached.has(path))).toEqual([]);
  });

  it('/api and /auth navigations reach the network, not the shell, and fail offline', async () => {
    const page = await phonePage();
    await page.goto('/');
    await waitForServiceWorkerControl(page);

    const agents = await page.goto('/api/agents');
    expect(agents?.headers()['content-type']).toMatch(/^application\/json/);
    expect(await agents?.json()).toHaveProperty('items');
    // A visitor's session check answers from the server (JSON null), not with the app's page.
    const session = await page.goto('/auth/session');
    expect(session?.headers()['content-type']).toMatch(/^application\/json/);
    expect(await session?.json()).toBeNull();
    expect(await page.locator('#root').count()).toBe(0);

    await context?.setOffline(true);
    // The shell still answers ordinary routes offline (the service worker is in charge) ...
    await page.goto('/agents');
    await page.getByRole('heading', { level: 1, name: 'Agents', exact: true }).waitFor();
    // ... but never stands in for the API or sign-in: those are network errors.
    await expect(page.goto('/api/agents')).rejects.toThrow(/ERR_INTERNET_DISCONNECTED/);
    await expect(page.goto('/auth/session')).rejects.toThrow(/ERR_INTERNET_DISCONNECTED/);
  });

  it('wallet images: an <img> is fetched in CORS mode and cached whole; no-CORS answers are not cached', async () => {
    const page = await phonePage();
    await serveWalletImages(context as BrowserContext);
    // A directory host that does not allow our origin: in no-cors mode its answer would be
    // opaque. It names another origin, because Playwright adds an allowing header to a fulfilled
    // cross-origin answer that has none (its issue 12929), which would make this host allow us.
    const noCorsUrl = 'https://api.web3modal.com/getWalletImage/no-cors-wallet';
    await context?.route(noCorsUrl, (route) =>
      route.fulfill({
        status: 200,
        body: 'png',
        headers: {
          'content-type': 'image/png',
          'access-control-allow-origin': 'https://another-site.example',
        },
      }),
    );
    await page.goto('/');
    await waitForServiceWorkerControl(page);

    const loadImage = (url: string) =>
      page.evaluate(
        (src) =>
          new Promise<boolean>((resolve) => {
            const image = new Image();
            image.onload = () => resolve(true);
            image.onerror = () => resolve(false);
            image.src = src;
          }),
        url,
      );
    expect(await loadImage(WALLET_IMAGE_URL)).toBe(true);
    await loadImage(noCorsUrl);

    const cached = await page.evaluate(async () => {
      const cache = await caches.open('gridmind-wallet-images');
      return Promise.all(
        (await cache.keys()).map(async (request) => {
          const response = await cache.match(request);
          return {
            path: new URL(request.url).pathname,
            type: response?.type,
            bytes: (await response?.blob())?.size,
          };
        }),
      );
    });
    expect(cached).toEqual([
      { path: new URL(WALLET_IMAGE_URL).pathname, type: 'cors', bytes: expect.any(Number) },
    ]);
    expect(cached[0]?.bytes).toBeGreaterThan(0);
  });

  it('keeps at most 60 wallet images: the 61st pushes the oldest out', async () => {
    const page = await phonePage();
    const images = await serveWalletImages(context as BrowserContext);
    await page.goto('/');
    await waitForServiceWorkerControl(page);
    const urls = Array.from(
      { length: 61 },
      (_, index) => `https://api.web3modal.org/getWalletImage/wallet-${index}`,
    );
    await page.evaluate(async (all) => {
      for (const url of all) await (await fetch(url)).blob();
    }, urls);
    expect(images.requests).toBe(61);

    const cachedUrls = () =>
      page.evaluate(async () => {
        const cache = await caches.open('gridmind-wallet-images');
        return (await cache.keys()).map((request) => request.url);
      });
    // The service worker writes each image to the cache after answering, and Workbox expires
    // entries just after each write: wait for the whole end state at once. (Polling the count
    // alone once saw 60 before the 61st write had landed, and then 61.)
    const state = async () => {
      const cached = await cachedUrls();
      return {
        count: cached.length,
        newest: cached.includes(urls[60] as string),
        oldest: cached.includes(urls[0] as string),
      };
    };
    await expect
      .poll(state, { timeout: 30_000 })
      .toEqual({ count: 60, newest: true, oldest: false });
  });
});

describe('web app manifest', () => {
  /** Width and height from a PNG's IHDR chunk. */
  const pngSize = (bytes: Buffer) => `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;

  it('names the app, opens standalone at / in our colours, with 192, 512 and maskable icons', async () => {
    const response = await fetch(`${harness.server.origin}/manifest.webmanifest`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    const manifest = (await response.json()) as Record<string, unknown> & {
      icons: { src: string; sizes: string; type: string; purpose?: string }[];
    };
    expect(manifest).toMatchObject({
      name: 'Gridmind - AI vs AI Gaming Platform',
      short_name: 'Gridmind',
      description: expect.stringContaining('Connect Four'),
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#0b0f19',
      background_color: '#0b0f19',
    });

    const icon = (sizes: string, purpose: string) =>
      manifest.icons.find(
        (candidate) => candidate.sizes === sizes && (candidate.purpose ?? 'any') === purpose,
      );
    for (const [sizes, purpose] of [
      ['192x192', 'any'],
      ['512x512', 'any'],
      ['512x512', 'maskable'],
    ] as const) {
      const entry = icon(sizes, purpose);
      expect(entry, `${sizes} ${purpose} icon`).toBeDefined();
      const image = await fetch(new URL(entry?.src ?? '', harness.server.origin));
      expect(image.headers.get('content-type')).toBe('image/png');
      // The file really is the size the manifest says.
      expect(pngSize(Buffer.from(await image.arrayBuffer()))).toBe(sizes);
    }
  });
});

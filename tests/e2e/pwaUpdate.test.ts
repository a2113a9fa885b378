import { appendFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { precompress } from '#scripts/vitePrecompress.ts';
import { launchBrowser, newIsolatedContext } from './support/browser.ts';
import { copyBuiltClient, waitForServiceWorkerControl } from './support/pwa.ts';
import { startServer, type TestServer } from './support/server.ts';

let client: Awaited<ReturnType<typeof copyBuiltClient>>;
let server: TestServer;
let browser: Browser;
let context: BrowserContext | undefined;

beforeAll(async () => {
  // The server serves a private copy of the build, so the test can ship a "new version" into it.
  client = await copyBuiltClient();
  const previous = process.env.CLIENT_DIR;
  process.env.CLIENT_DIR = client.dir;
  try {
    server = await startServer();
  } finally {
    if (previous === undefined) delete process.env.CLIENT_DIR;
    else process.env.CLIENT_DIR = previous;
  }
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await client?.remove();
});
afterEach(async () => {
  await context?.close();
  context = undefined;
});

describe('a new version of the app', () => {
  it('waits behind a "Reload to update" toast and takes over only when the user asks', async () => {
    context = await newIsolatedContext(browser, server.origin);
    const page = await context.newPage();
    await page.goto('/games');
    await waitForServiceWorkerControl(page);
    const firstWorker = await page.evaluate(
      async () => (await navigator.serviceWorker.getRegistration())?.active?.scriptURL,
    );
    expect(firstWorker).toBe(`${server.origin}/sw.js`);

    // A new build: the service worker script differs by a byte (and so do its compressed copies,
    // which the server sends to a browser that accepts them).
    const workerFile = join(client.dir, 'sw.js');
    await appendFile(workerFile, '\n// next build\n');
    await precompress(workerFile);
    await page.reload();
    await page.evaluate(() => {
      (window as unknown as { stillHere: boolean }).stillHere = true;
    });
    const reloadButton = page.getByRole('button', { name: 'Reload to update' });
    await reloadButton.waitFor({ timeout: 30_000 });

    // Nothing reloaded by itself: the page we marked is still the one showing.
    expect(await page.evaluate(() => 'stillHere' in window)).toBe(true);
    expect(
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting),
    ).not.toBeNull();

    await Promise.all([page.waitForEvent('load'), reloadButton.click()]);
    expect(await page.evaluate(() => 'stillHere' in window)).toBe(false);
    await waitForServiceWorkerControl(page);
    const after = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return { waiting: registration?.waiting ?? null, path: location.pathname };
    });
    expect(after).toEqual({ waiting: null, path: '/games' });
    expect(await reloadButton.count()).toBe(0);
  });

  it('a second tab whose new version another tab already activated reloads when asked, not before', async () => {
    context = await newIsolatedContext(browser, server.origin);
    const first = await context.newPage();
    await first.goto('/games');
    await waitForServiceWorkerControl(first);
    const second = await context.newPage();
    await second.goto('/agents');
    await waitForServiceWorkerControl(second);
    for (const page of [first, second]) {
      await page.evaluate(() => {
        (window as unknown as { stillHere: boolean }).stillHere = true;
      });
    }

    const workerFile = join(client.dir, 'sw.js');
    await appendFile(workerFile, '\n// a build for two tabs\n');
    await precompress(workerFile);
    // Both tabs learn of the new version (one update check serves the whole origin).
    await first.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    const reloadIn = (page: typeof first) => page.getByRole('button', { name: 'Reload to update' });
    await reloadIn(first).waitFor({ timeout: 30_000 });
    await reloadIn(second).waitFor({ timeout: 30_000 });

    // The first tab takes the update; the new worker now controls the second tab too.
    await Promise.all([first.waitForEvent('load'), reloadIn(first).click()]);
    await second.waitForFunction(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return registration?.waiting === null && registration.active?.state === 'activated';
    });
    // Nothing restarts by itself.
    expect(await second.evaluate(() => 'stillHere' in window)).toBe(true);

    // The second tab's button had nothing left to activate: it still reloads onto the new version.
    await Promise.all([second.waitForEvent('load'), reloadIn(second).click()]);
    expect(await second.evaluate(() => 'stillHere' in window)).toBe(false);
    expect(new URL(second.url()).pathname).toBe('/agents');
  });
});

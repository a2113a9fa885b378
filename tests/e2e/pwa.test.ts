import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterEach, describe, expect, it } from 'vitest';
import { CHROMIUM_LAUNCH_OPTIONS, newIsolatedContext } from './support/browser.ts';
import {
  savedQueriesTimestamp,
  serveFakeRpc,
  serveWalletImages,
  WALLET_IMAGE_URL,
  waitForFirstSave,
  waitForPersistedMe,
  waitForPersistedMeFailure,
  waitForServiceWorkerControl,
} from './support/pwa.ts';
import { signInThroughModal } from './support/signIn.ts';
import { serverAndBrowserForFile } from './support/suite.ts';
import { injectTestWallet } from './support/testWallet.ts';

let context: BrowserContext | undefined;

const harness = serverAndBrowserForFile();
afterEach(async () => {
  await context?.close();
  context = undefined;
});

async function freshPage(): Promise<Page> {
  context = await newIsolatedContext(harness.browser, harness.server.origin, {
    width: 390,
    height: 844,
  });
  return context.newPage();
}

describe('service worker', () => {
  it('controls the page after the first visit and precaches the shell, not the wallet modal', async () => {
    const page = await freshPage();
    await page.goto('/');
    await waitForServiceWorkerControl(page);
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(
      `${harness.server.origin}/sw.js`,
    );
    const precached = await page.evaluate(async () => {
      const name = (await caches.keys()).find((key) => key.includes('precache'));
      const cache = await caches.open(name ?? '');
      return (await cache.keys()).map((request) => new URL(request.url).pathname);
    });
    expect(precached).toContain('/index.html');
    expect(precached).toContain('/manifest.webmanifest');
    expect(precached).toContain('/icons/maskable-512.png');
    // The wallet stack (AppKit's SIWX utilities, controllers) is left for run time.
    expect(precached.some((path) => /\/assets\/(SIWXUtil|ModalController)-/.test(path))).toBe(
      false,
    );
  });

  it('offline: a reload and a deep link into any route render the shell and the last data', async () => {
    context = await newIsolatedContext(harness.browser, harness.server.origin);
    await injectTestWallet(context, privateKeyToAccount(generatePrivateKey()));
    const page = await context.newPage();
    await page.goto('/');
    // Controlled before signing in: a sign-in's reload that crossed the worker's activation left
    // the new page uncontrolled (its navigation began before there was an active worker, and the
    // worker's claim came before the page could be claimed), though the next one is served.
    await waitForServiceWorkerControl(page);
    await signInThroughModal(page);
    await waitForServiceWorkerControl(page);
    const nickname = await page.getByTestId('user-nickname').textContent();
    expect(nickname?.length).toBeGreaterThan(0);
    await waitForPersistedMe(page);

    await context.setOffline(true);
    await page.reload();
    await page.getByTestId('offline-notice').waitFor();
    expect(await page.getByTestId('user-nickname').textContent()).toBe(nickname);

    // The bug this test found: offline, /api/me fails on every attempt, and once its retries
    // (1 + 3) ran out the saved cache lost the user while the page still showed it, so the next
    // offline start showed a visitor. Wait until the failure is saved, then start again.
    await waitForPersistedMeFailure(page);
    await page.reload();
    await page.getByTestId('offline-notice').waitFor();
    expect(await page.getByTestId('user-nickname').textContent()).toBe(nickname);

    for (const path of ['/games/sessions', '/agents', '/about-us']) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await page.locator('nav[aria-label="Main"] a').count()).toBeGreaterThan(0);
      expect(await page.getByTestId('user-nickname').textContent()).toBe(nickname);
      expect(await page.getByTestId('offline-notice').isVisible()).toBe(true);
    }
    // A page whose data this device never fetched says so, rather than "Loading…" until online.
    await page.goto('/games/tournaments');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page
      .getByRole('status')
      .filter({ hasText: 'Nothing of this is saved on this device yet' })
      .waitFor();
    expect(await page.getByText('Loading the tournaments…').count()).toBe(0);
  });

  it('a change made just before leaving the page (within the 1 s save throttle) is saved', async () => {
    const page = await freshPage();
    await page.goto('/agents');
    await waitForFirstSave(page);
    const before = await page.evaluate(() => Date.now());
    // Coming back to the page refetches its agents: the query cache changes, and its save is
    // pending for up to 1 s. (A visitor's page no longer asks /api/me: no sign-in hint.)
    const refetched = page.waitForResponse((response) => response.url().endsWith('/api/agents'));
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await refetched;
    // Leave at once: the pending save runs on pagehide. Before the fix its IndexedDB transaction
    // was aborted with the leaving page, and the next page restored an older snapshot.
    await page.goto('/about-us');
    expect(await savedQueriesTimestamp(page)).toBeGreaterThanOrEqual(before);
  });

  it('serves a wallet image fetched once from its cache when offline', async () => {
    const page = await freshPage();
    const images = await serveWalletImages(context as BrowserContext);
    await page.goto('/');
    await waitForServiceWorkerControl(page);
    const fetchImage = (url: string) =>
      page.evaluate(async (imageUrl) => {
        const response = await fetch(imageUrl);
        return {
          status: response.status,
          type: response.type,
          bytes: (await response.blob()).size,
        };
      }, url);

    const online = await fetchImage(WALLET_IMAGE_URL);
    expect(online).toMatchObject({ status: 200, type: 'cors' });
    expect(images.requests).toBe(1);

    await context?.setOffline(true);
    expect(await fetchImage(WALLET_IMAGE_URL)).toEqual(online);
    expect(images.requests).toBe(1);
    const cached = await page.evaluate(async () => {
      const cache = await caches.open('gridmind-wallet-images');
      return (await cache.keys()).length;
    });
    expect(cached).toBe(1);
  });

  it('a cold start renders cached wallet data before the network answers', async () => {
    context = await newIsolatedContext(harness.browser, harness.server.origin);
    await injectTestWallet(context, privateKeyToAccount(generatePrivateKey()));
    const rpc = await serveFakeRpc(context, harness.server.origin, 1_234_567_890_000_000_000n);
    const page = await context.newPage();
    await page.goto('/');
    await signInThroughModal(page);
    await page.goto('/profile');
    const balance = page.locator('main [data-testid="wallet-balance"]');
    await expect.poll(() => balance.textContent(), { timeout: 30_000 }).toBe('1.234 ETH');
    expect(rpc.balanceCalls).toBeGreaterThan(0);

    rpc.hold();
    const callsBefore = rpc.balanceCalls;
    await page.reload();
    await expect.poll(() => balance.textContent(), { timeout: 10_000 }).toBe('1.234 ETH');
    expect(rpc.balanceCalls).toBe(callsBefore);
    rpc.release();
  });
});

describe('install', () => {
  it('installed (standalone), header, page and toasts stay clear of the notch and home indicator, scrolled too, and the install hint hides', async () => {
    const page = await freshPage();
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    // A phone's safe areas, as Chromium reports them to env(safe-area-inset-*).
    const cdp = await (context as BrowserContext).newCDPSession(page);
    await cdp.send('Emulation.setSafeAreaInsetsOverride', {
      insets: { top: 47, bottom: 34, left: 0, right: 0 },
    });
    const bodyPadding = () =>
      page.evaluate(() => {
        const style = getComputedStyle(document.body);
        return [style.paddingTop, style.paddingBottom];
      });
    // In a browser tab the browser's own UI keeps clear of the notch: no extra padding.
    expect(await page.evaluate(() => document.documentElement.dataset.displayMode)).toBe('browser');
    expect(await bodyPadding()).toEqual(['0px', '0px']);
    // The browser offers installation (its event, dispatched here): the hint appears above the
    // home indicator.
    await page.evaluate(() => window.dispatchEvent(new Event('beforeinstallprompt')));
    const hint = page.getByTestId('install-hint');
    await hint.waitFor();
    const hintBottom = await hint.evaluate(
      (element) => innerHeight - element.getBoundingClientRect().bottom,
    );
    expect(hintBottom).toBe(16 + 34);

    // Chromium's CDP ignores a display-mode media emulation (checked: setEmulatedMedia with
    // display-mode leaves the query false, and a PWA.launch window in headless mode still reports
    // browser), so the installed launch is iOS's: Safari's navigator.standalone is true.
    await (context as BrowserContext).addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'standalone', { get: () => true });
    });
    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dataset.displayMode)).toBe(
      'standalone',
    );
    // The top inset belongs to the sticky header (below); the bottom one to the page.
    expect(await bodyPadding()).toEqual(['0px', '34px']);
    // The app is installed: the install hint never shows, even if the browser offers to install.
    await page.evaluate(() => window.dispatchEvent(new Event('beforeinstallprompt')));
    expect(await page.getByTestId('install-hint').count()).toBe(0);

    // Scrolled, the header is stuck at the top of the screen: its background still covers the
    // status bar strip and its content stays below the notch. (Before, the inset was body padding
    // that scrolled away, and the stuck header slid under the notch.)
    // Asked again on each poll: the app taking over the prerendered page may scroll back to the top.
    await page.waitForFunction(() => {
      window.scrollTo(0, document.documentElement.scrollHeight);
      return window.scrollY > 47;
    });
    const header = await page.evaluate(() => ({
      top: document.querySelector('.site-header')?.getBoundingClientRect().top,
      contentTop: document.querySelector('.header-inner')?.getBoundingClientRect().top,
    }));
    expect(header.top).toBe(0);
    expect(header.contentTop).toBeGreaterThanOrEqual(47);

    // A toast (here: the wallet window cannot load offline) sits clear of the home indicator:
    // sonner's 16 px phone gap plus the 34 px inset. The toaster is in the precache; the wallet
    // modal is not.
    await waitForServiceWorkerControl(page);
    await context?.setOffline(true);
    await page.getByRole('button', { name: 'Login' }).click();
    const toaster = page.locator('[data-sonner-toaster]');
    await toaster.getByText('The wallet window could not open').waitFor();
    const toasterBottom = await toaster.evaluate(
      (element) => innerHeight - element.getBoundingClientRect().bottom,
    );
    expect(toasterBottom).toBe(16 + 34);
  });

  it('Chromium reports no installability errors; launched installed, the app knows it (no install hint)', async () => {
    const userDataDir = await mkdtemp(join(tmpdir(), 'gridmind-profile-'));
    const persistent = await chromium.launchPersistentContext(userDataDir, {
      ...CHROMIUM_LAUNCH_OPTIONS,
      baseURL: harness.server.origin,
    });
    try {
      const page = persistent.pages()[0] ?? (await persistent.newPage());
      await page.goto('/');
      await waitForServiceWorkerControl(page);
      const cdp = await persistent.newCDPSession(page);
      const manifest = (await cdp.send('Page.getAppManifest')) as {
        url: string;
        errors: unknown[];
      };
      expect(manifest.url).toBe(`${harness.server.origin}/manifest.webmanifest`);
      expect(manifest.errors).toEqual([]);
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      expect(installabilityErrors).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.dataset.displayMode)).toBe(
        'browser',
      );

      // Launched from the home screen on iOS: Safari's navigator.standalone is true.
      await persistent.addInitScript(() => {
        Object.defineProperty(Navigator.prototype, 'standalone', { get: () => true });
      });
      await page.reload();
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await page.evaluate(() => document.documentElement.dataset.displayMode)).toBe(
        'standalone',
      );
      expect(await page.getByTestId('install-hint').count()).toBe(0);
    } finally {
      await persistent.close();
      await rm(userDataDir, { recursive: true, force: true });
    }
  });
});

/**
 * PWA figures: the precache size, IndexedDB read latency (fake-indexeddb in Node through our cache
 * layer, and real IndexedDB in Chromium), and the warm cold start: from navigation to the cached
 * signed-in user rendered, online and offline. Needs the built client (`npm run build`).
 */
import 'fake-indexeddb/auto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { IDBFactory } from 'fake-indexeddb';
import type { Page } from 'playwright-core';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { figureRowReport } from '#scripts/figuresTable.ts';
import { openCacheLayer } from '#src/cache/cacheLayer.ts';
import { createWalletCache } from '#src/cache/walletCache.ts';
import { launchBrowser, newIsolatedContext } from '#tests/e2e/support/browser.ts';
import { waitForPersistedMe } from '#tests/e2e/support/pwa.ts';
import { startServer } from '#tests/e2e/support/server.ts';
import { signInThroughModal } from '#tests/e2e/support/signIn.ts';
import { injectTestWallet } from '#tests/e2e/support/testWallet.ts';

const clientDir = new URL('../dist/client/', import.meta.url);
const READS = 2000;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

const p50Ms = (times: number[]) =>
  percentile(
    times.toSorted((a, b) => a - b),
    50,
  );

function describeTimes(times: number[]): string {
  const sorted = [...times].sort((a, b) => a - b);
  return `p50 ${percentile(sorted, 50).toFixed(3)} ms, p99 ${percentile(sorted, 99).toFixed(3)} ms`;
}

function precacheSize(): void {
  const sw = new URL('sw.js', clientDir);
  if (!existsSync(sw)) {
    console.log('precache: no build in dist/client (run npm run build)');
    return;
  }
  const urls = [...readFileSync(sw, 'utf8').matchAll(/"url":"([^"]+)"/g)].map((m) => m[1] ?? '');
  let raw = 0;
  let gzip = 0;
  for (const url of urls) {
    const file = new URL(url, clientDir);
    raw += statSync(file).size;
    gzip += gzipSync(readFileSync(file)).length;
  }
  const js = urls.filter((url) => url.endsWith('.js')).length;
  console.log(
    `precache: ${urls.length} entries (${js} JS), ${(raw / 1024).toFixed(1)} KiB raw, ${(gzip / 1024).toFixed(1)} KiB gzip`,
  );
  // A size is the same on every machine.
  console.log(
    figureRowReport(
      {
        figure: 'PWA precache',
        target: 'none',
        value: `${urls.length} entries, ${(gzip / 1024).toFixed(1)} KiB gzip`,
        command: '`npm run bench -- pwa`',
      },
      { machine: 'any' },
    ),
  );
}

async function fakeIndexedDbReads(): Promise<void> {
  const layer = await openCacheLayer({ indexedDB: new IDBFactory(), log: () => {} });
  const cache = createWalletCache(layer);
  const address = '0x3F736b4947F61A0db0231C9bD8849818d233710D';
  await cache.setNativeBalance(1, address, { valueMinor: 10n ** 18n, decimals: 18, symbol: 'ETH' });
  const times: number[] = [];
  for (let i = 0; i < READS; i++) {
    const start = performance.now();
    await cache.getNativeBalance(1, address);
    times.push(performance.now() - start);
  }
  console.log(
    `IndexedDB read, fake-indexeddb in Node via the cache layer (+zod): ${describeTimes(times)}`,
  );
}

async function chromiumReads(page: Page): Promise<void> {
  const times = await page.evaluate(async (reads) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('gridmind');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const record = {
      value: { valueMinor: 10n ** 18n, decimals: 18, symbol: 'ETH' },
      writtenAt: Date.now(),
    };
    await new Promise((resolve) => {
      const put = db
        .transaction('nativeBalances', 'readwrite')
        .objectStore('nativeBalances')
        .put(record, 'bench');
      put.onsuccess = resolve;
    });
    const result: number[] = [];
    for (let i = 0; i < reads; i++) {
      const start = performance.now();
      await new Promise((resolve) => {
        const get = db.transaction('nativeBalances').objectStore('nativeBalances').get('bench');
        get.onsuccess = resolve;
      });
      result.push(performance.now() - start);
    }
    db.close();
    return result;
  }, READS);
  console.log(`IndexedDB read, real Chromium (one transaction per read): ${describeTimes(times)}`);
  const sorted = times.toSorted((a, b) => a - b);
  console.log(
    figureRowReport({
      figure: 'IndexedDB read in Chromium, p50 / p99',
      target: 'none',
      value: `${percentile(sorted, 50).toFixed(1)} / ${percentile(sorted, 99).toFixed(1)} ms`,
      command: '`npm run bench -- pwa`',
    }),
  );
}

async function coldStarts(page: Page, runs: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    await page.goto('about:blank');
    await page.goto('/games/sessions', { waitUntil: 'commit' });
    // Timed in the page, on the first animation frame that shows the user (no test-driver lag).
    const renderedAt = await page.waitForFunction(
      () => (document.querySelector('[data-testid="user-nickname"]') ? performance.now() : 0),
      null,
      { polling: 'raf' },
    );
    times.push(Number(await renderedAt.jsonValue()));
  }
  return times;
}

export default async function pwaBench(): Promise<void> {
  precacheSize();
  await fakeIndexedDbReads();
  if (!existsSync(new URL('index.html', clientDir))) return;

  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const context = await newIsolatedContext(browser, server.origin);
    await injectTestWallet(context, privateKeyToAccount(generatePrivateKey()));
    const page = await context.newPage();
    await page.goto('/');
    await signInThroughModal(page);
    await page.waitForFunction(() => navigator.serviceWorker?.controller != null);
    await waitForPersistedMe(page);
    await chromiumReads(page);
    const online = await coldStarts(page, 7);
    console.log(
      `warm cold start to cached user rendered, online: ${describeTimes(online)} (7 runs)`,
    );
    await context.setOffline(true);
    const offline = await coldStarts(page, 7);
    console.log(
      `warm cold start to cached user rendered, offline: ${describeTimes(offline)} (7 runs)`,
    );
    console.log(
      figureRowReport({
        figure: 'warm cold start to the cached user, p50 online / offline',
        target: 'none',
        value: `${p50Ms(online).toFixed(0)} / ${p50Ms(offline).toFixed(0)} ms`,
        command: '`npm run bench -- pwa`',
      }),
    );
    await context.close();
  } finally {
    await browser.close();
    await server.stop();
  }
}

import type { BrowserContext, Page } from 'playwright-core';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterEach, describe, expect, it } from 'vitest';
import { WATCHED_TOKENS } from '#src/config/watchedTokens.ts';
import { seriousAxeViolations } from './support/axe.ts';
import { newIsolatedContext } from './support/browser.ts';
import { serveFakeRpc, waitForServiceWorkerControl } from './support/pwa.ts';
import { readSavedQueries } from './support/savedQueries.ts';
import { signInThroughModal } from './support/signIn.ts';
import { serverAndBrowserForFile } from './support/suite.ts';
import { injectTestWallet } from './support/testWallet.ts';

// The profile's token balances: read over the RPC boundary (the only part replaced here), kept in
// the wallet cache layer with their lifetime, and served from it offline.
const harness = serverAndBrowserForFile();
let context: BrowserContext | undefined;
afterEach(async () => {
  await context?.close();
  context = undefined;
});

const MAINNET_USDC = '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48';
const ARBITRUM_ARB = '0x912ce59144191c1204e64559fe8253a0e49e6548';
const WATCHED_ADDRESSES = Object.values(WATCHED_TOKENS)
  .flat()
  .map((token) => token.address.toLowerCase());
const TOKEN_HOLDINGS = new Map<string, bigint>([
  ...WATCHED_ADDRESSES.map((address) => [address, 0n] as const),
  [MAINNET_USDC, 12_500_000n],
  [ARBITRUM_ARB, 3n * 10n ** 18n],
]);

/** Moves every token balance record's write time `ms` into the past, as if that much time passed. */
function ageTokenBalances(page: Page, ms: number): Promise<number> {
  return page.evaluate(
    (ageMs) =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('gridmind');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const transaction = db.transaction('balances', 'readwrite');
          const store = transaction.objectStore('balances');
          let aged = 0;
          const cursor = store.openCursor();
          cursor.onsuccess = () => {
            const current = cursor.result;
            if (!current) return;
            const record = current.value as { value: unknown; writtenAt: number };
            current.update({ ...record, writtenAt: record.writtenAt - ageMs });
            aged++;
            current.continue();
          };
          transaction.oncomplete = () => {
            db.close();
            resolve(aged);
          };
          transaction.onerror = () => reject(transaction.error);
        };
      }),
    ms,
  );
}

describe('token balances on the profile', () => {
  it('are read over RPC, served offline from the 30 s balance cache, and read again on reconnect after it', async () => {
    context = await newIsolatedContext(harness.browser, harness.server.origin);
    const account = privateKeyToAccount(generatePrivateKey());
    await injectTestWallet(context, account);
    const rpc = await serveFakeRpc(context, harness.server.origin, 10n ** 18n, TOKEN_HOLDINGS);
    // Playwright's offline mode does not stop routed requests: while offline, every request
    // leaving the origin fails here first (the last route added runs first), as it would.
    let offline = false;
    await context.route(
      (url) => url.origin !== harness.server.origin,
      (route) => (offline ? route.abort('internetdisconnected') : route.fallback()),
    );
    const goOffline = async (value: boolean) => {
      offline = value;
      await context?.setOffline(value);
    };
    const page = await context.newPage();
    await page.goto('/');
    await waitForServiceWorkerControl(page);
    await signInThroughModal(page);
    await page.goto('/profile');

    const ethereum = page.getByRole('table', { name: 'Token balances on Ethereum' });
    const arbitrum = page.getByRole('table', { name: 'Token balances on Arbitrum One' });
    const amounts = (table: typeof ethereum) =>
      table
        .locator('tbody tr')
        .evaluateAll((rows) =>
          rows.map((row) => [
            row.querySelector('.token-symbol')?.textContent,
            row.querySelector('.token-amount')?.textContent,
          ]),
        );
    await ethereum.waitFor({ timeout: 30_000 });
    await arbitrum.waitFor({ timeout: 30_000 });
    expect(await amounts(ethereum)).toEqual([['USDC', '12.500 USDC']]);
    expect(await amounts(arbitrum)).toEqual([['ARB', '3.000 ARB']]);
    // Over RPC there are no prices: no Value column.
    expect(await ethereum.locator('thead th').allTextContents()).toEqual(['Token', 'Amount']);
    // Every watched token was asked once; the ones not held are not listed.
    const oneRead = WATCHED_ADDRESSES.length;
    expect(rpc.tokenCalls).toBe(oneRead);
    // At 360 px the tables fit without sideways scrolling, and axe finds nothing serious.
    await page.setViewportSize({ width: 360, height: 740 });
    await ethereum.scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/gridmind-profile-tokens-360.png', fullPage: true });
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    const profileSaved = async () =>
      (await readSavedQueries(page)).some((query) => query.queryKey[0] === 'profile' && query.data);
    await expect.poll(profileSaved, { timeout: 30_000 }).toBe(true);

    // Offline well within 30 s of the read: the balance cache answers, nothing is asked.
    await goOffline(true);
    await page.reload();
    await page.getByTestId('offline-notice').waitFor();
    await ethereum.waitFor({ timeout: 10_000 });
    expect(await amounts(ethereum)).toEqual([['USDC', '12.500 USDC']]);
    expect(await amounts(arbitrum)).toEqual([['ARB', '3.000 ARB']]);
    expect(await page.locator('.token-note').allTextContents()).toEqual([
      'Offline: showing the balances saved on this device.',
      'Offline: showing the balances saved on this device.',
    ]);
    expect(rpc.tokenCalls).toBe(oneRead);

    // 31 s later (the records aged instead of waiting) the cache has nothing for offline use.
    expect(await ageTokenBalances(page, 31_000)).toBe(2);
    await page.reload();
    const offlineMessages = page.getByText(
      'You are offline; token balances load when you reconnect.',
    );
    await expect.poll(() => offlineMessages.count(), { timeout: 20_000 }).toBe(2);
    expect(rpc.tokenCalls).toBe(oneRead);

    // Back online, the reconnect reads them again from the network.
    await goOffline(false);
    await ethereum.waitFor({ timeout: 30_000 });
    await arbitrum.waitFor({ timeout: 30_000 });
    expect(await amounts(ethereum)).toEqual([['USDC', '12.500 USDC']]);
    expect(rpc.tokenCalls).toBe(2 * oneRead);
    expect(await page.locator('.token-note').count()).toBe(0);
  });
});

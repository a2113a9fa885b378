import type { BrowserContext, Page } from 'playwright-core';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterEach, describe, expect, it } from 'vitest';
import { WATCHED_TOKENS } from '../../src/config/watchedTokens.ts';
import { seriousAxeViolations } from './support/axe.ts';
import { newIsolatedContext } from './support/browser.ts';
import { matchWithStatus } from './support/matches.ts';
import { serveFakeRpc, waitForPersistedMe, waitForServiceWorkerControl } from './support/pwa.ts';
import { signInThroughModal } from './support/signIn.ts';
import { serverAndBrowserForFile } from './support/suite.ts';
import { injectTestWallet } from './support/testWallet.ts';

// Two live matches from the start (no betting window to wait out), at the default (slow) pace:
// they stay live for the whole test.
const harness = serverAndBrowserForFile({ env: { LIVE_MATCHES: '2', BETTING_WINDOW_MS: '0' } });
let context: BrowserContext | undefined;
afterEach(async () => {
  await context?.close();
  context = undefined;
});

interface SavedQuery {
  queryKey: unknown[];
  data: unknown;
}

/** The queries the page saved to IndexedDB (none before the first save). */
function readSavedQueries(page: Page): Promise<SavedQuery[]> {
  return page.evaluate(
    () =>
      new Promise<SavedQuery[]>((resolve) => {
        const open = indexedDB.open('gridmind');
        // Never create the database here: the app's upgrade would then not run (see support/pwa).
        open.onupgradeneeded = () => open.transaction?.abort();
        open.onerror = () => resolve([]);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('queries')) {
            db.close();
            resolve([]);
            return;
          }
          const read = db.transaction('queries').objectStore('queries').get('queryClient');
          read.onerror = () => resolve([]);
          read.onsuccess = () => {
            db.close();
            const queries = (read.result?.clientState?.queries ?? []) as {
              queryKey: unknown[];
              state: { data: unknown };
            }[];
            resolve(queries.map((query) => ({ queryKey: query.queryKey, data: query.state.data })));
          };
        };
      }),
  );
}

/** The ids of a saved list query's items, once the page saved that query with some. */
async function waitForSavedIds(page: Page, queryKey: unknown[]): Promise<string[]> {
  let ids: string[] = [];
  await expect
    .poll(
      async () => {
        const saved = (await readSavedQueries(page)).find(
          (query) => JSON.stringify(query.queryKey) === JSON.stringify(queryKey),
        );
        ids = ((saved?.data as { items?: { id: string }[] } | undefined)?.items ?? []).map(
          (item) => item.id,
        );
        return ids.length;
      },
      { timeout: 30_000 },
    )
    .toBeGreaterThan(0);
  return ids;
}

const renderedIds = (page: Page, selector: string, attribute: string) =>
  page
    .locator(selector)
    .evaluateAll(
      (elements, name) => elements.map((element) => element.getAttribute(name) ?? ''),
      attribute,
    );

describe('a cold start offline renders the last known data from the saved query cache', () => {
  it('agents and live matches seen online render again offline, on reload and on a deep link', async () => {
    context = await newIsolatedContext(harness.browser, harness.server.origin);
    const page = await context.newPage();
    await page.goto('/agents');
    await waitForServiceWorkerControl(page);
    await page.locator('table.leaderboard tr[data-agent-id]').first().waitFor();
    // Saved while their page is open: a page left before its cache layer even opened (a slow
    // first visit, with the service worker installing beside it) has had nowhere to save.
    const savedAgents = await waitForSavedIds(page, ['agents']);
    await matchWithStatus(harness.server.origin, 'live');
    await page.goto('/games/sessions');
    await page.locator('[aria-label="Live matches"] .match-card').first().waitFor();
    const savedLive = await waitForSavedIds(page, ['matches', 'live', 20]);
    // The agents restored on this page are saved again with it, or they would be lost offline.
    expect(await waitForSavedIds(page, ['agents'])).toEqual(savedAgents);

    // No network at all: whatever renders comes from the saved cache.
    await context.setOffline(true);
    await page.reload();
    await page.getByTestId('offline-notice').waitFor();
    const liveCards = '[aria-label="Live matches"] .match-card';
    await page.locator(liveCards).first().waitFor();
    expect(await renderedIds(page, liveCards, 'data-match-id')).toEqual(savedLive);

    await page.goto('/agents');
    await page.getByTestId('offline-notice').waitFor();
    const agentRows = 'table.leaderboard tr[data-agent-id]';
    await page.locator(agentRows).first().waitFor();
    expect(await renderedIds(page, agentRows, 'data-agent-id')).toEqual(savedAgents);
  });
});

/** An ENS avatar on a host no other source of the page uses. */
const AVATAR_URL = 'https://avatars.example.org/ada.png';

// A 1 × 1 PNG.
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** Serves the avatar (a third-party host, so replaced at its HTTP boundary); counts requests. */
async function serveAvatar(context: BrowserContext): Promise<{ requests: number }> {
  const counter = { requests: 0 };
  await context.route(AVATAR_URL, async (route) => {
    counter.requests++;
    await route.fulfill({ status: 200, body: PNG_1X1, headers: { 'content-type': 'image/png' } });
  });
  return counter;
}

describe('the wallet panel on a cold start', () => {
  it('shows the cache layer’s balance and ENS name and avatar, not a copy saved with the query cache', async () => {
    context = await newIsolatedContext(harness.browser, harness.server.origin);
    const account = privateKeyToAccount(generatePrivateKey());
    await injectTestWallet(context, account);
    const rpc = await serveFakeRpc(context, harness.server.origin, 1_234_567_890_000_000_000n);
    const avatars = await serveAvatar(context);
    const page = await context.newPage();
    await page.goto('/');
    await signInThroughModal(page);
    await page.goto('/profile');
    const panel = page.locator('main [aria-label="Connected wallet"]');
    const balance = panel.getByTestId('wallet-balance');
    await expect.poll(() => balance.textContent(), { timeout: 30_000 }).toBe('1.234 ETH');
    // The panel reads the connection the settings store mirrored: chain and wallet name.
    expect(await panel.getAttribute('data-chain-id')).toBe('1');
    expect(await panel.getByTestId('wallet-connector').textContent()).toBe('Gridmind Test Wallet');
    await waitForPersistedMe(page);
    expect(
      (await readSavedQueries(page)).filter((query) => query.queryKey[0] === 'walletSnapshot'),
    ).toEqual([]);

    // The cache layer now says 7.5 ETH and knows an ENS name (as if another tab had just read
    // them). A saved query copy of the 1.234 ETH answer would win over it; the cache layer is the
    // only source.
    await page.evaluate(
      ({ address, avatar }) =>
        new Promise<void>((resolve, reject) => {
          const open = indexedDB.open('gridmind');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const db = open.result;
            const transaction = db.transaction(['nativeBalances', 'ens'], 'readwrite');
            const writtenAt = Date.now();
            transaction.objectStore('nativeBalances').put(
              {
                value: { valueMinor: 7_500_000_000_000_000_000n, decimals: 18, symbol: 'ETH' },
                writtenAt,
              },
              `1:${address}`,
            );
            transaction
              .objectStore('ens')
              .put({ value: { name: 'ada.eth', avatar }, writtenAt }, address);
            transaction.oncomplete = () => {
              db.close();
              resolve();
            };
            transaction.onerror = () => reject(transaction.error);
          };
        }),
      { address: account.address.toLowerCase(), avatar: AVATAR_URL },
    );
    rpc.hold();
    const callsBefore = rpc.balanceCalls;
    await page.reload();
    await expect.poll(() => balance.textContent(), { timeout: 10_000 }).toBe('7.500 ETH');
    expect(rpc.balanceCalls).toBe(callsBefore);
    // The ENS name and avatar show; the avatar, on a host of its own, loads under the CSP.
    expect(await panel.getByTestId('wallet-name').textContent()).toBe('ada.eth');
    const avatar = panel.getByTestId('wallet-avatar');
    expect(await avatar.getAttribute('src')).toBe(AVATAR_URL);
    await expect
      .poll(() => avatar.evaluate((image) => (image as HTMLImageElement).naturalWidth))
      .toBe(1);
    expect(avatars.requests).toBe(1);
    rpc.release();
  });
});

/** The account holds mainnet USDC and Arbitrum One's ARB, and none of the other watched tokens. */
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

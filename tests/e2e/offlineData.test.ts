import type { BrowserContext, Page } from 'playwright-core';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterEach, describe, expect, it } from 'vitest';
import { newIsolatedContext } from './support/browser.ts';
import { matchWithStatus } from './support/matches.ts';
import { serveFakeRpc, waitForPersistedMe, waitForServiceWorkerControl } from './support/pwa.ts';
import { readSavedQueries } from './support/savedQueries.ts';
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
    // only source. Written with the app unloaded (a same-origin page that is not the app), and
    // the RPC held first: a balance read still in flight once wrote 1.234 ETH over it in CI.
    rpc.hold();
    const callsBefore = rpc.balanceCalls;
    await page.goto('/api/health');
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
    await page.goto('/profile');
    await expect.poll(() => balance.textContent(), { timeout: 10_000 }).toBe('7.500 ETH');
    expect(rpc.balanceCalls).toBe(callsBefore);
    // The ENS name and avatar show; the avatar, on a host of its own, loads under the CSP.
    expect(await panel.getByTestId('wallet-name').textContent()).toBe('ada.eth');
    const avatar = panel.getByTestId('wallet-avatar');
    expect(await avatar.getAttribute('src')).toBe(AVATAR_URL);
    await expect
      .poll(() => avatar.evaluate((image) => (image as HTMLImageElement).naturalWidth))
      .toBe(1);
    // Fetched, by the page: the request reached the route. Not how often: the page holds two
    // panels with this image (Profile's, and the user menu's, hidden until opened), and Chromium
    // fetched it twice in one CI run of 2026-12-07 on a slow machine (their loads not shared).
    expect(avatars.requests).toBeGreaterThanOrEqual(1);
    rpc.release();
  });
});

/** The account holds mainnet USDC and Arbitrum One's ARB, and none of the other watched tokens. */

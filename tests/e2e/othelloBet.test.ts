import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { matchListResponseSchema } from '#core/protocol/matches.ts';
import { launchBrowser } from './support/browser.ts';
import { startServer, type TestServer } from './support/server.ts';
import { signedInContext } from './support/signIn.ts';

// Betting never names a game; this checks it on Othello's board and pools, from announcement to
// the bet in the pools. Settlement is the same code for every game (economy.test.ts follows a
// Connect Four match to it).
let server: TestServer;
let browser: Browser;
const contexts: BrowserContext[] = [];
beforeAll(async () => {
  server = await startServer({
    // A window longer than the file: both tests find the first announced match with time
    // left. With 60 s, a slow machine's first test left the second under 20 s of it, and the
    // next announcement came only after a whole Othello match.
    env: { LIVE_GAMES: 'othello', LIVE_MATCHES: '1', BETTING_WINDOW_MS: '600000' },
  });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});
afterEach(async () => {
  for (const context of contexts.splice(0)) await context.close();
});

/** An announced Othello match with at least 20 s of its betting window left. */
async function announcedOthelloMatch(): Promise<string> {
  for (let attempt = 0; attempt < 600; attempt++) {
    const response = await fetch(`${server.origin}/api/matches?status=scheduled&game=othello`);
    const { items } = matchListResponseSchema.parse(await response.json());
    const open = items.find(
      (match) => match.startsAt !== undefined && Date.parse(match.startsAt) - Date.now() > 20_000,
    );
    if (open) return open.id;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('no Othello match was announced with time left to bet');
}

describe('betting on an Othello match', () => {
  it('places a bet on an announced Othello match and sees it in the pools and the balance', async () => {
    const { context, page } = await signedInContext(browser, server.origin);
    contexts.push(context);
    await page.goto(`/games/sessions/${await announcedOthelloMatch()}`);
    await page.getByRole('heading', { level: 1, name: / vs / }).waitFor();
    expect(await page.locator('.lead').first().textContent()).toContain('Othello');
    await page.getByTestId('board').waitFor();
    await page.getByLabel('Points').fill('100');
    const placed = page.waitForResponse(
      (response) => response.url().endsWith('/api/bets') && response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Place bet' }).click();
    expect((await placed).status()).toBe(201);
    // The header's balance comes from /api/me, refetched after the bet: a second round trip,
    // which took over poll's default second once on a loaded CI machine (as in economy.test.ts).
    await expect
      .poll(
        async () =>
          Number(((await page.getByTestId('user-balance').textContent()) ?? '').replace(/\D/g, '')),
        { timeout: 10_000 },
      )
      .toBe(900);
    // The pools are a third refetch after the bet, beside the balance's: either may land first.
    await expect
      .poll(() => page.getByTestId('pool-first').textContent(), { timeout: 10_000 })
      .toBe('100');
  });
});

describe('perfect play on an Othello page', () => {
  it('searches every move of the position in a worker, deeper ply by ply, until Stop', async () => {
    const { context, page } = await signedInContext(browser, server.origin);
    contexts.push(context);
    // Announced: the opening position stays on the page while the search runs.
    await page.goto(`/games/sessions/${await announcedOthelloMatch()}`);
    await page.getByTestId('board').waitFor();
    await page.getByRole('button', { name: 'What does perfect play say here?' }).click();
    const result = page.getByTestId('analysis-result');
    await result.waitFor();
    // Black's four opening moves, each with its chances from the search.
    await expect.poll(async () => result.locator('li').count()).toBe(4);
    for (const item of await result.locator('li').allTextContents()) {
      expect(item).toMatch(/^(c4|d3|e6|f5): \d+% winning chances/);
    }
    expect(await result.locator('li.best').count()).toBeGreaterThan(0);
    await expect
      .poll(async () => (await page.getByTestId('analysis-progress').textContent()) ?? '')
      .toMatch(/Searched ([2-9]|1\d) plies deep after move 0/);
    await page.getByRole('button', { name: 'Stop' }).click();
    await expect.poll(async () => (await result.textContent()) ?? '').toMatch(/Stopped/);
    expect(await result.locator('li').count()).toBe(4);
  }, 120_000);
});

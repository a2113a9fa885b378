import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { matchListResponseSchema } from '../../core/protocol/matches.ts';
import { launchBrowser, newIsolatedContext } from './support/browser.ts';
import { startServer, type TestServer } from './support/server.ts';

let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  // The harness passes its environment on: quick pacing so matches move and finish in the test.
  process.env.LIVE_MATCHES = '2';
  process.env.MOVE_DELAY_MS = '150';
  process.env.BETTING_WINDOW_MS = '0';
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});
beforeEach(async () => {
  context = await newIsolatedContext(browser, server.origin, { width: 360, height: 740 });
  page = await context.newPage();
});
afterEach(async () => {
  await context.close();
});

async function moveCount(page: Page): Promise<number> {
  const text = (await page.getByTestId('move-count').textContent()) ?? '';
  return Number(/\d+/.exec(text)?.[0] ?? Number.NaN);
}

describe('live matches in the browser', () => {
  it('updates Active Games in place without a reload', async () => {
    await page.goto('/games/sessions');
    const card = page.locator('[aria-label="Live matches"] .match-card').first();
    await card.waitFor();
    const id = await card.getAttribute('data-match-id');
    const before = (await card.getAttribute('data-moves')) ?? '';
    await page.evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
    });
    const same = page.locator(`.match-card[data-match-id="${id}"]`).first();
    await expect
      .poll(async () => ((await same.getAttribute('data-moves')) ?? '').length, { timeout: 60_000 })
      .toBeGreaterThan(before.length);
    expect(
      await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded),
    ).toBe(true);
  });

  it('shows moves arriving live on the watch page, with reasons and spectators', async () => {
    await page.goto('/games/sessions');
    const card = page.locator('[aria-label="Live matches"] .match-card').first();
    await card.waitFor();
    await card.click();
    await page.getByTestId('move-count').waitFor();
    const start = await moveCount(page);
    await expect.poll(() => moveCount(page), { timeout: 60_000 }).toBeGreaterThan(start + 1);
    expect(await page.locator('.move-list li').count()).toBeGreaterThan(start + 1);
    expect(await page.getByTestId('evaluation').textContent()).toMatch(/played column [1-7]/);
    await expect
      .poll(() => page.getByTestId('spectators').textContent())
      .toMatch(/^[1-9]\d* spectator/);
    const pieces = await page.locator('.board-large .piece').count();
    expect(pieces).toBe(await moveCount(page));
  });

  it('replays a finished match step by step and with play', async () => {
    let finishedId: string | undefined;
    await expect
      .poll(
        async () => {
          const response = await fetch(`${server.origin}/api/matches?status=finished`);
          finishedId = matchListResponseSchema.parse(await response.json()).items[0]?.id;
          return finishedId;
        },
        { timeout: 200_000, interval: 500 },
      )
      .toBeDefined();
    await page.goto(`/games/sessions/${finishedId}`);
    await page.getByTestId('result').waitFor();
    const total = await moveCount(page);
    expect(total).toBeGreaterThanOrEqual(7);
    expect(await page.locator('.board-large .piece').count()).toBe(total);
    const result = (await page.getByTestId('result').textContent()) ?? '';
    if (result !== 'Draw')
      expect(await page.locator('.board-large .piece.winning').count()).toBe(4);

    await page.getByRole('button', { name: /Step back/ }).click();
    await page.getByRole('button', { name: /Step back/ }).click();
    expect(await moveCount(page)).toBe(total - 2);
    expect(await page.locator('.board-large .piece').count()).toBe(total - 2);

    await page.getByLabel('Speed').selectOption('4');
    await page.getByRole('button', { name: 'Play' }).click();
    await expect.poll(() => moveCount(page), { timeout: 10_000 }).toBe(total);
    expect(await page.getByRole('button', { name: 'Play' }).isVisible()).toBe(true);
  }, 240_000);
});

import type { BrowserContext } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { gameOf } from '#core/games/registry.ts';
import { matchListResponseSchema } from '#core/protocol/matches.ts';
import { newIsolatedContext } from './support/browser.ts';
import { waitForServiceWorkerControl } from './support/pwa.ts';
import { serverAndBrowserForFile } from './support/suite.ts';

// One match of each, announced for longer than the file: their opening positions stay on the
// pages while the searches run.
const suite = serverAndBrowserForFile({
  env: { LIVE_GAMES: 'othello,checkers', LIVE_MATCHES: '1', BETTING_WINDOW_MS: '600000' },
});
let context: BrowserContext | undefined;
afterEach(async () => {
  await context?.close();
  context = undefined;
});

/** An announced match of `game`. */
async function announcedMatch(game: 'othello' | 'checkers'): Promise<string> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const response = await fetch(
      `${suite.server.origin}/api/matches?status=scheduled&game=${game}`,
    );
    const [match] = matchListResponseSchema.parse(await response.json()).items;
    if (match) return match.id;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no ${game} match was announced`);
}

// Othello online is othelloBet.test.ts's; here both games offline, where only the precache can
// serve the worker, and checkers, whose search is not Othello's.
describe.each(['othello', 'checkers'] as const)('perfect play on a %s page, offline', (game) => {
  it('searches every opening move in a worker, deeper ply by ply, until Stop', async () => {
    const id = await announcedMatch(game);
    context = await newIsolatedContext(suite.browser, suite.server.origin);
    const page = await context.newPage();
    await page.goto(`/games/sessions/${id}`);
    await page.getByTestId('board').waitFor();
    await waitForServiceWorkerControl(page);
    await context.setOffline(true);
    await page.getByTestId('offline-notice').waitFor();

    await page.getByRole('button', { name: 'What does perfect play say here?' }).click();
    const result = page.getByTestId('analysis-result');
    await result.waitFor({ timeout: 60_000 });
    // Every legal opening move, as the rules list them, each with its chances from the search.
    const rules = gameOf(game);
    const opening = rules.legalMoves(rules.initial());
    await expect.poll(async () => result.locator('li').count()).toBe(opening.length);
    const items = await result.locator('li').allTextContents();
    expect(items.map((item) => item.split(':')[0]).sort()).toEqual([...opening].sort());
    for (const item of items) expect(item).toMatch(/: \d+% winning chances/);
    expect(await result.locator('li.best').count()).toBeGreaterThan(0);
    await expect
      .poll(async () => (await page.getByTestId('analysis-progress').textContent()) ?? '', {
        timeout: 60_000,
      })
      .toMatch(/Searched ([2-9]|\d\d) plies deep after move 0/);
    await page.getByRole('button', { name: 'Stop' }).click();
    await expect.poll(async () => (await result.textContent()) ?? '').toMatch(/Stopped/);
    expect(await result.locator('li').count()).toBe(opening.length);
  }, 120_000);
});

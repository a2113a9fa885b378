import type { BrowserContext } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { newIsolatedContext } from './support/browser.ts';
import { serverAndBrowserForFile } from './support/suite.ts';

// One match, announced for two minutes before its first move: what a newcomer meets right after
// `npm start`, when every match is still taking bets and none is live.
const harness = serverAndBrowserForFile({
  env: { LIVE_MATCHES: '1', BETTING_WINDOW_MS: '120000' },
});
let context: BrowserContext | undefined;
afterEach(async () => {
  await context?.close();
  context = undefined;
});

describe('while no match is live', () => {
  it('Home features the next announced match with a countdown, and leads to its watch page', async () => {
    context = await newIsolatedContext(harness.browser, harness.server.origin);
    const page = await context.newPage();
    await page.goto('/');
    const featured = page.getByTestId('featured-announced');
    await featured.waitFor();
    const heading = (await featured.getByRole('heading').textContent()) ?? '';
    expect(heading).toMatch(/^Next up: \S+ vs \S+$/);
    const startsIn = featured.getByTestId('featured-starts-in');
    const countdown = /^First move in ([12] min \d\d|\d{1,2}) s; bets are open until then\.$/;
    const first = (await startsIn.textContent()) ?? '';
    expect(first).toMatch(countdown);
    // It counts down in place.
    await expect.poll(() => startsIn.textContent(), { timeout: 5_000 }).not.toBe(first);
    expect(await startsIn.textContent()).toMatch(countdown);

    await featured.getByRole('link', { name: 'Watch this match' }).click();
    await page.getByRole('heading', { level: 1, name: heading.replace('Next up: ', '') }).waitFor();
    expect(await page.getByTestId('announced').textContent()).toMatch(
      /^Announced · first move in ([12] min \d\d|\d{1,2}) s$/,
    );
    await page.getByRole('heading', { name: 'Betting' }).waitFor();
  });

  it('puts the betting panel above the board on a 360 px phone while bets are open', async () => {
    context = await newIsolatedContext(harness.browser, harness.server.origin, {
      width: 360,
      height: 740,
    });
    const page = await context.newPage();
    await page.goto('/games/sessions');
    await page.getByTestId('announced-matches').getByRole('link').first().click();
    await page.getByTestId('announced').waitFor();
    const betting = await page.getByRole('heading', { name: 'Betting' }).boundingBox();
    const board = await page.getByTestId('board').boundingBox();
    if (!betting || !board) throw new Error('no betting heading or board on the page');
    // Reached without scrolling, and before the board rather than after it.
    expect(betting.y + betting.height).toBeLessThan(740);
    expect(betting.y).toBeLessThan(board.y);
  });

  it('Active Games lists it with its countdown, and says nothing has finished yet', async () => {
    context = await newIsolatedContext(harness.browser, harness.server.origin);
    const page = await context.newPage();
    await page.goto('/games/sessions');
    const announced = page.getByTestId('announced-matches').getByRole('listitem');
    await announced.first().waitFor();
    expect(await announced.count()).toBe(1);
    expect(await announced.first().textContent()).toMatch(
      /^\S+ vs \S+ · first move in ([12] min \d\d|\d{1,2}) s$/,
    );
    await page.getByText('No match is being played right now').waitFor();
    await page
      .getByText('No match has finished yet; each one comes here with its replay.')
      .waitFor();
  });
});

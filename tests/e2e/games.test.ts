import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GAME_IDS } from '#core/games/gameIds.ts';
import { GAME_NAMES } from '#core/games/gameNames.ts';
import { newIsolatedContext } from './support/browser.ts';
import { matchWithStatus } from './support/matches.ts';
import { serverAndBrowserForFile } from './support/suite.ts';

// Every registered game at once, one match each, quickly paced.
const suite = serverAndBrowserForFile({
  env: {
    LIVE_GAMES: GAME_IDS.join(','),
    LIVE_MATCHES: '1',
    MOVE_DELAY_MS: '100',
    BETTING_WINDOW_MS: '0',
  },
});
let context: BrowserContext;
let page: Page;
beforeEach(async () => {
  context = await newIsolatedContext(suite.browser, suite.server.origin, {
    width: 360,
    height: 740,
  });
  page = await context.newPage();
});
afterEach(async () => {
  await context.close();
});

async function moveCount(): Promise<number> {
  const text = (await page.getByTestId('move-count').textContent()) ?? '';
  return Number(/\d+/.exec(text)?.[0] ?? Number.NaN);
}

describe.each(GAME_IDS)('%s on the platform', (game) => {
  it('is in the catalogue, and Active Games shows only its matches when chosen', async () => {
    await matchWithStatus(suite.server.origin, 'live', 60_000, { game });
    await page.goto('/games');
    const entry = page.locator(`[data-game-id="${game}"]`);
    await entry.getByRole('heading', { name: GAME_NAMES[game] }).waitFor();
    await entry.getByRole('link', { name: `Watch ${GAME_NAMES[game]}` }).click();
    await page.waitForURL(`**/games/sessions?game=${game}`);
    const cards = page.locator('[aria-label="Live matches"] .match-card');
    await cards.first().waitFor();
    const metas = await cards.locator('.meta').allTextContents();
    // none read (a renamed class, an empty list) would pass the loop below without a check
    expect(metas.length).toBeGreaterThan(0);
    for (const meta of metas) expect(meta.startsWith(GAME_NAMES[game])).toBe(true);
    expect(await page.locator('.game-filter [aria-current="page"]').textContent()).toBe(
      GAME_NAMES[game],
    );
  });

  it('is watched live: its board, moves with reasons, and the advantage chart', async () => {
    // Any live match: with one per game, a long checkers match holds its slot for minutes.
    const id = await matchWithStatus(suite.server.origin, 'live', 60_000, { game });
    await page.goto(`/games/sessions/${id}`);
    await page.getByRole('heading', { level: 1, name: / vs / }).waitFor();
    expect(await page.locator('.lead').first().textContent()).toContain(GAME_NAMES[game]);
    await page.getByTestId('board').waitFor();
    const start = await moveCount();
    // A move arrives live, unless the match was at its last one (then it shows its result).
    await expect
      .poll(
        async () => (await moveCount()) > start || (await page.getByTestId('result').count()) > 0,
        { timeout: 60_000 },
      )
      .toBe(true);
    expect(await moveCount()).toBeGreaterThan(0);
    expect(await page.getByTestId('evaluation').textContent()).toMatch(
      /played .+, (winning chances \d+%|winning|losing|(won|lost) with perfect play|a draw with perfect play|not searched|evaluation [^:]+):/,
    );
    await page.getByTestId('advantage-chart').waitFor();
    await page.getByText('The winning chances move by move').click();
    expect(await page.locator('.advantage-table tbody tr').count()).toBeGreaterThan(0);
    if (game === 'othello') {
      // each player card shows its side's own disc: black moves first, white second
      const colour = (selector: string) =>
        page
          .locator(selector)
          .first()
          .evaluate((element) => getComputedStyle(element).backgroundColor);
      expect(await colour('.player[data-side="1"] .dot-1')).toBe(await colour('.othello-black'));
      expect(await colour('.player[data-side="2"] .dot-2')).toBe(await colour('.othello-white'));
    }
  });
});

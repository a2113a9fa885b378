import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { newIsolatedContext } from './support/browser.ts';
import { signInThroughModal } from './support/signIn.ts';
import { serverAndBrowserForFile } from './support/suite.ts';
import { injectTestWallet } from './support/testWallet.ts';

const harness = serverAndBrowserForFile();

describe('layout at phone and desktop widths', () => {
  it.each([
    { width: 360, height: 740 },
    { width: 1280, height: 800 },
  ])(
    'nothing scrolls sideways at $width px, signed in or not (screenshots in /tmp)',
    async (viewport) => {
      const context = await newIsolatedContext(harness.browser, harness.server.origin, viewport);
      try {
        await injectTestWallet(context, privateKeyToAccount(generatePrivateKey()));
        const page = await context.newPage();
        const overflow = () =>
          page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        await page.goto('/');
        await page.getByRole('button', { name: 'Login' }).waitFor();
        expect(await overflow()).toBeLessThanOrEqual(0);
        await page.screenshot({ path: `/tmp/gridmind-home-${viewport.width}.png` });

        await signInThroughModal(page);
        await page.goto('/profile');
        await page.getByRole('heading', { level: 1, name: 'Profile', exact: true }).waitFor();
        await page.getByTestId('user-nickname').click();
        await page.getByRole('link', { name: 'Sign Out' }).waitFor();
        await page.screenshot({
          path: `/tmp/gridmind-profile-${viewport.width}.png`,
          fullPage: true,
        });
        expect(await overflow()).toBeLessThanOrEqual(0);
      } finally {
        await context.close();
      }
    },
  );

  it.each([
    { width: 360, height: 740, styleColumn: false },
    { width: 1280, height: 800, styleColumn: true },
  ])(
    'the leaderboard at $width px keeps ratings and records on one line; style has a column only where there is room',
    async ({ styleColumn, ...viewport }) => {
      const context = await newIsolatedContext(harness.browser, harness.server.origin, viewport);
      try {
        const page = await context.newPage();
        await page.goto('/agents');
        const firstRow = page.locator('table.leaderboard tbody tr').first();
        await firstRow.waitFor();
        // The bug: at 360 px "1 / 0 / 0" broke into five lines and every row grew very tall.
        const lineCounts = await firstRow.locator('td.number').evaluateAll((cells) =>
          cells.map((cell) => {
            const range = document.createRange();
            range.selectNodeContents(cell);
            // Text boxes on one line overlap vertically (a <small> sits lower but not below).
            const rects = [...range.getClientRects()].sort((a, b) => a.top - b.top);
            let lines = 0;
            let lineBottom = Number.NEGATIVE_INFINITY;
            for (const rect of rects) {
              if (rect.top >= lineBottom - 1) lines++;
              lineBottom = Math.max(lineBottom, rect.bottom);
            }
            return lines;
          }),
        );
        expect(lineCounts).toEqual([1, 1]);
        expect(await page.locator('th.style-column').isVisible()).toBe(styleColumn);
        expect(await firstRow.locator('.style-inline').isVisible()).toBe(!styleColumn);
        expect(await firstRow.textContent()).toMatch(/(balanced|aggressive|defensive), skill \d+/);
      } finally {
        await context.close();
      }
    },
  );

  it('moves keyboard focus through the header with a visible outline', async () => {
    const context = await newIsolatedContext(harness.browser, harness.server.origin);
    try {
      const page = await context.newPage();
      await page.goto('/');
      await page.getByRole('button', { name: 'Login' }).waitFor();
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(
        'Skip to content',
      );
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
        'Gridmind home',
      );
      const outline = await page.evaluate(() => {
        const active = document.activeElement as HTMLElement;
        return getComputedStyle(active).outlineStyle;
      });
      expect(outline).toBe('solid');
    } finally {
      await context.close();
    }
  });
});

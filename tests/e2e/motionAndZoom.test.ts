import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newIsolatedContext } from './support/browser.ts';
import { matchWithStatus } from './support/matches.ts';
import { waitForPageReady } from './support/pages.ts';
import { serverAndBrowserForFile } from './support/suite.ts';

const suite = serverAndBrowserForFile({
  env: { LIVE_MATCHES: '2', MOVE_DELAY_MS: '300', BETTING_WINDOW_MS: '0' },
});

/** Elements (outside shadow roots) whose computed style runs an animation or a transition. */
function movingElements(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const positive = (durations: string) =>
      durations.split(',').some((duration) => Number.parseFloat(duration) > 0);
    return [...document.querySelectorAll('*')]
      .filter((element) => {
        const style = getComputedStyle(element);
        const animated = style.animationName !== 'none' && positive(style.animationDuration);
        const transitioned =
          style.transitionProperty !== 'none' && positive(style.transitionDuration);
        return animated || transitioned;
      })
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}`);
  });
}

describe('reduced motion', () => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    context = await newIsolatedContext(suite.browser, suite.server.origin);
    page = await context.newPage();
  });
  afterAll(async () => {
    await context?.close();
  });

  it('drops stones with an animation by default and with none when reduced motion is asked', async () => {
    const watch = `/games/sessions/${await matchWithStatus(suite.server.origin, 'live')}`;
    for (const [reducedMotion, path] of [
      ['no-preference', watch],
      ['reduce', watch],
      ['reduce', '/'],
    ] as const) {
      await page.emulateMedia({ reducedMotion });
      await page.goto(path);
      await page.locator('.board .piece').first().waitFor();
      const moving = await movingElements(page);
      if (reducedMotion === 'reduce') expect(moving, path).toEqual([]);
      else expect(moving.some((name) => name.includes('piece'))).toBe(true);
    }
  });
});

/** What breaks reading at this width: sideways scroll, key elements cut off or on top of each other. */
function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const width = window.innerWidth;
    if (document.documentElement.scrollWidth > width) {
      problems.push(`page scrolls sideways: ${document.documentElement.scrollWidth} > ${width}`);
    }
    const visible = (element: Element) => {
      const rect = element.getBoundingClientRect();
      return rect.width > 1 && rect.height > 1 && getComputedStyle(element).visibility !== 'hidden';
    };
    const name = (element: Element) =>
      `${element.tagName.toLowerCase()}${element.className ? `.${element.className}` : ''} "${(element.textContent ?? '').trim().slice(0, 30)}"`;
    const keyElements = document.querySelectorAll(
      'header a, header button, main h1, main h2, main p, main a, main button, main input, main select, main th, main td, main .board, footer a',
    );
    for (const element of keyElements) {
      if (!visible(element) || element.closest('.skip-link, .visually-hidden')) continue;
      const rect = element.getBoundingClientRect();
      if (rect.left < -1 || rect.right > width + 1)
        problems.push(`${name(element)} leaves the screen`);
      // A text field scrolls its own value (a long share URL); anything else cut off is lost.
      if (
        !element.matches('input, select') &&
        element.scrollWidth > element.clientWidth + 1 &&
        getComputedStyle(element).overflowX !== 'visible'
      ) {
        problems.push(`${name(element)} is clipped`);
      }
    }
    // The header's pieces (logo, navigation or menu button, account area) must not overlap.
    const headerParts = [...document.querySelectorAll('.header-inner > *, .header-actions > *')]
      .filter(visible)
      .filter((element) => !element.classList.contains('header-actions'));
    for (const [index, a] of headerParts.entries()) {
      for (const b of headerParts.slice(index + 1)) {
        const ra = a.getBoundingClientRect();
        const rb = b.getBoundingClientRect();
        const overlap =
          ra.left < rb.right - 1 &&
          rb.left < ra.right - 1 &&
          ra.top < rb.bottom - 1 &&
          rb.top < ra.bottom - 1;
        if (overlap) problems.push(`${name(a)} overlaps ${name(b)}`);
      }
    }
    return problems;
  });
}

describe('at 200 % zoom (1280 px window: 640 CSS px, device scale 2)', () => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    context = await newIsolatedContext(
      suite.browser,
      suite.server.origin,
      { width: 640, height: 400 },
      { deviceScaleFactor: 2 },
    );
    page = await context.newPage();
  });
  afterAll(async () => {
    await context?.close();
  });

  const pages: [name: string, path: () => Promise<string> | string][] = [
    ['home', () => '/'],
    ['games', () => '/games'],
    ['active games', () => '/games/sessions'],
    [
      'a finished match',
      async () => `/games/sessions/${await matchWithStatus(suite.server.origin, 'finished')}`,
    ],
    ['agents', () => '/agents'],
    ['my agents', () => '/agents/mine'],
    ['terms of use', () => '/terms-of-use'],
  ];
  it.each(pages)('%s reads without sideways scroll, clipping or overlap', async (_name, path) => {
    await page.goto(await path());
    await waitForPageReady(page);
    expect(await layoutProblems(page)).toEqual([]);
  });

  it('keeps the board whole and its holes large enough to tell apart', async () => {
    await page.goto(`/games/sessions/${await matchWithStatus(suite.server.origin, 'finished')}`);
    const board = page.locator('.board-large');
    await board.waitFor();
    const box = await board.boundingBox();
    const hole = await page.locator('.board-large .hole').first().boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 640).toBe(true);
    expect(hole?.width ?? 0).toBeGreaterThanOrEqual(24);
  });
});

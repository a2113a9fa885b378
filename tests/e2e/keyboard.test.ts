import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchDetailSchema } from '#core/protocol/matchMoves.ts';
import { heldBotMatch } from './support/heldBotMatch.ts';
import { focusedText, focusIndicator, tabTo } from './support/keyboard.ts';
import { matchWithStatus } from './support/matches.ts';
import { VIEWPORTS, waitForPageReady } from './support/pages.ts';
import { signedInContext } from './support/signIn.ts';
import { serverAndBrowserForFile } from './support/suite.ts';

// Quick matches, with a betting window long enough to place a bet by keyboard, and a bot's move
// deadline long enough to hold a match live through a keyboard walk (heldBotMatch).
const suite = serverAndBrowserForFile({
  env: {
    LIVE_MATCHES: '2',
    MOVE_DELAY_MS: '150',
    BETTING_WINDOW_MS: '20000',
    BOT_MOVE_TIMEOUT_MS: '300000',
  },
});
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  // One signed-in user for the whole file: signing in once keeps the suite quick.
  ({ context, page } = await signedInContext(suite.browser, suite.server.origin));
});
afterAll(async () => {
  await context?.close();
});

/** Asserts the focused element matches :focus-visible and draws an outline or a ring. */
async function expectVisibleFocus() {
  const indicator = await focusIndicator(page);
  expect(indicator, indicator.what).toMatchObject({ focusVisible: true, drawn: true });
}

async function openPage(path: string, viewport: keyof typeof VIEWPORTS = 'desktop') {
  await page.setViewportSize(VIEWPORTS[viewport]);
  await page.goto(path);
  await waitForPageReady(page);
}

const moveCount = async () =>
  Number(/\d+/.exec((await page.getByTestId('move-count').textContent()) ?? '')?.[0]);

async function finishedMatch(): Promise<{ id: string; moves: string }> {
  const id = await matchWithStatus(suite.server.origin, 'finished', 150_000);
  const response = await fetch(`${suite.server.origin}/api/matches/${id}`);
  return { id, moves: matchDetailSchema.parse(await response.json()).moves };
}

describe('menus by keyboard', () => {
  it('closes the mobile menu on an Escape pressed the moment it opens', async () => {
    await openPage('/games', 'narrow');
    // Open, let the render run (a microtask), press Escape: all before the next frame, as a quick
    // keyboard user or a busy page does. The menu must already be listening.
    const openAfterEscape = await page.evaluate(async () => {
      const toggle = document.querySelector<HTMLButtonElement>('button[aria-label="Open menu"]');
      const menu = document.querySelector<HTMLElement>('nav[aria-label="Main menu"]');
      if (!toggle || !menu) throw new Error('no menu');
      toggle.click();
      await Promise.resolve();
      await Promise.resolve();
      const opened = !menu.hidden;
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
      return { opened, stillOpen: !menu.hidden };
    });
    expect(openAfterEscape).toEqual({ opened: true, stillOpen: false });
  });

  it('opens the mobile menu with Enter and Space, closes it with Escape back on the button', async () => {
    await openPage('/games', 'narrow');
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await tabTo(page, toggle);
    await expectVisibleFocus();
    await page.keyboard.press('Enter');
    const menu = page.locator('nav[aria-label="Main menu"]');
    expect(await menu.isVisible()).toBe(true);
    await page.keyboard.press('Tab');
    expect(await focusedText(page)).toBe('Home');
    await expectVisibleFocus();
    await page.keyboard.press('Escape');
    expect(await menu.isVisible()).toBe(false);
    expect(await focusedText(page)).toBe('Open menu');

    await page.keyboard.press('Space');
    expect(await menu.isVisible()).toBe(true);
    await tabTo(page, menu.getByRole('link', { name: 'Agents', exact: true }));
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Agents', exact: true }).waitFor();
    expect(await menu.isVisible()).toBe(false);
  });

  it('opens the user menu, closes it with Escape back on the button, and follows Profile', async () => {
    await openPage('/games');
    const userButton = page.locator('.user-button');
    await tabTo(page, userButton);
    await expectVisibleFocus();
    await page.keyboard.press('Enter');
    expect(await userButton.getAttribute('aria-expanded')).toBe('true');
    const profile = page.getByRole('link', { name: 'Profile', exact: true });
    await tabTo(page, profile);
    await expectVisibleFocus();
    await page.keyboard.press('Escape');
    expect(await profile.isVisible()).toBe(false);
    expect(await userButton.evaluate((element) => element === document.activeElement)).toBe(true);

    await page.keyboard.press('Space');
    await tabTo(page, profile);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Profile' }).waitFor();
  });
});

describe('forms by keyboard', () => {
  // The runner may seat this agent at once, and its owner may not bet on its matches.
  const name = `Key Bot ${Date.now() % 10_000}`;

  it('creates an agent with the editor form', async () => {
    await openPage('/agents/mine');
    await tabTo(page, page.getByLabel('Name'));
    await expectVisibleFocus();
    await page.keyboard.type(name);
    await tabTo(page, page.getByLabel('Style'));
    await expectVisibleFocus();
    await page.keyboard.press('ArrowDown');
    expect(await page.getByLabel('Style').inputValue()).toBe('defensive');
    await tabTo(page, page.getByRole('button', { name: 'Create agent' }));
    await expectVisibleFocus();
    await page.keyboard.press('Enter');
    await page.getByTestId('my-agent').filter({ hasText: name }).waitFor();
  });

  it('places a bet on an announced match', async () => {
    // 10 s of betting left at least: one about to start would close its pools under the test.
    const id = await matchWithStatus(suite.server.origin, 'scheduled', 120_000, {
      bettingOpenForMs: 10_000,
      withoutAgentNamed: name,
    });
    await openPage(`/games/sessions/${id}`);
    const side = page.getByLabel('Side');
    await tabTo(page, side);
    await expectVisibleFocus();
    await page.keyboard.press('ArrowDown');
    expect(await side.inputValue()).toBe('second');
    await page.keyboard.press('Tab');
    await expectVisibleFocus();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('50');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('pool-second').textContent()).toBe('50');
    await page.getByLabel('Your bets').getByText('50 on').waitFor();
  });
});

describe('watching by keyboard', () => {
  it('reads the board column by column with the arrow keys', async () => {
    const { id, moves } = await finishedMatch();
    await openPage(`/games/sessions/${id}`);
    const board = page.getByTestId('board');
    await tabTo(page, board);
    await expectVisibleFocus();
    const spoken = page.getByTestId('board-column');
    const stonesIn = (column: number) =>
      [...moves].filter((move) => move === String(column)).length;
    // "Column c of 7: name, name, k empty": every part but the last is a stone.
    const stonesSpoken = async () =>
      (((await spoken.textContent()) ?? '').split(': ')[1] ?? '').split(', ').length - 1;
    await page.keyboard.press('ArrowRight');
    expect(await spoken.textContent()).toMatch(/^Column 1 of 7: /);
    expect(await stonesSpoken()).toBe(stonesIn(1));
    await page.keyboard.press('ArrowRight');
    expect(await spoken.textContent()).toMatch(/^Column 2 of 7: /);
    expect(await stonesSpoken()).toBe(stonesIn(2));
    await page.keyboard.press('End');
    expect(await stonesSpoken()).toBe(stonesIn(7));
    await page.keyboard.press('4');
    expect(await spoken.textContent()).toMatch(/^Column 4 of 7: /);
    expect(await stonesSpoken()).toBe(stonesIn(4));
    expect(await page.locator('.column-cursor').isVisible()).toBe(true);
  });

  it('shows a chosen move from the move list', async () => {
    const { id } = await finishedMatch();
    await openPage(`/games/sessions/${id}`);
    const moveList = page.getByRole('list', { name: 'Moves' });
    await tabTo(page, moveList.getByRole('button').first());
    await expectVisibleFocus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    expect(await moveCount()).toBe(3);
    expect(await page.locator('.board-large .piece').count()).toBe(3);
    expect(await moveList.locator('button[aria-current="step"]').textContent()).toBe(
      await page.evaluate(() => document.activeElement?.textContent ?? ''),
    );
  });

  it('steps, plays and changes speed with the replay controls, focus staying put', async () => {
    const { id, moves } = await finishedMatch();
    await openPage(`/games/sessions/${id}`);
    const stepBack = page.getByRole('button', { name: /Step back/ });
    await tabTo(page, stepBack);
    await expectVisibleFocus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Space');
    expect(await moveCount()).toBe(moves.length - 2);

    const stepForward = page.getByRole('button', { name: /Step forward/ });
    await tabTo(page, stepForward);
    for (let press = 0; press < 4; press++) await page.keyboard.press('Enter');
    expect(await moveCount()).toBe(moves.length);
    // At the end the button says it is disabled but keeps focus.
    expect(await stepForward.getAttribute('aria-disabled')).toBe('true');
    expect(await stepForward.evaluate((element) => element === document.activeElement)).toBe(true);

    await tabTo(page, page.getByRole('slider', { name: 'Move' }));
    await expectVisibleFocus();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    expect(await moveCount()).toBe(moves.length - 3);

    const speed = page.getByLabel('Speed');
    await tabTo(page, speed, { backwards: true });
    await expectVisibleFocus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    expect(await speed.inputValue()).toBe('4');

    await tabTo(page, page.getByRole('button', { name: 'Play', exact: true }), { backwards: true });
    await page.keyboard.press('Space');
    expect(await focusedText(page)).toBe('Pause');
    await expect.poll(moveCount, { timeout: 10_000 }).toBe(moves.length);
    expect(await focusedText(page)).toBe('Play');
  });

  it('lets the live move list scroll by keyboard', async () => {
    // The list is tabbable only while the match is live: a bot that never answers holds one live
    // for the whole walk (a runner's match at this file's pace can end under it, as CI saw).
    const held = await heldBotMatch(suite.server.origin);
    try {
      await openPage(`/games/sessions/${held.matchId}`);
      const moveList = page.getByRole('list', { name: 'Moves' });
      await tabTo(page, moveList);
      await expectVisibleFocus();
    } finally {
      held.release();
    }
  });
});

import type { BrowserContext, Page } from 'playwright-core';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRERENDERED_PAGES } from '#core/site/prerenderedPages.ts';
import { newIsolatedContext } from './support/browser.ts';
import { signInThroughModal } from './support/signIn.ts';
import { serverAndBrowserForFile } from './support/suite.ts';
import { injectTestWallet } from './support/testWallet.ts';

/**
 * What React says when hydration fails or the page differs from the prerender: the development
 * texts and the production build's minified errors (418 text, 419-425 hydration, 422 recoverable).
 */
const HYDRATION_MESSAGE = /hydrat|did not match|mismatch|Minified React error #(41[89]|42[0-5])/i;

const harness = serverAndBrowserForFile();
/** A context without a service worker, closed after its describe block. */
function contextForBlock(): { context: BrowserContext } {
  const block = {} as { context: BrowserContext };
  beforeAll(async () => {
    block.context = await newIsolatedContext(harness.browser, harness.server.origin, undefined, {
      serviceWorkers: 'block',
    });
  });
  afterAll(async () => {
    await block.context?.close();
  });
  return block;
}

/**
 * Before any script runs, keeps the layout element the HTML parser made (`#root > .app`), so the
 * test can ask later whether the app kept it or replaced it.
 */
function keepParsedLayout(): void {
  const found = () => {
    const layout = document.querySelector('#root > .app');
    if (!layout) return false;
    (window as unknown as { parsedLayout: Element }).parsedLayout = layout;
    return true;
  };
  const observer = new MutationObserver(() => {
    if (found()) observer.disconnect();
  });
  observer.observe(document, { childList: true, subtree: true });
}

/** Every console message and uncaught error of `page`, as text. */
function recordConsole(page: Page): string[] {
  const messages: string[] = [];
  page.on('console', (message) => messages.push(`${message.type()}: ${message.text()}`));
  page.on('pageerror', (error) => messages.push(`pageerror: ${error.message}`));
  return messages;
}

/** Loads `path` as a first visit and checks the app took over the prerendered DOM. */
async function expectHydrated(page: Page, path: string, started: string): Promise<void> {
  const messages = recordConsole(page);
  const response = await page.goto(path);
  // The server sent the page's prerendered markup, not the empty shell.
  expect(await response?.text()).toContain('class="app"');
  await page.locator(started).first().waitFor();
  const kept = await page.evaluate(() => {
    const parsed = (window as unknown as { parsedLayout?: Element }).parsedLayout;
    return parsed !== undefined && parsed === document.querySelector('#root > .app');
  });
  expect(kept, `${path}: the layout the HTML made is still the one in the document`).toBe(true);
  expect(messages.filter((message) => HYDRATION_MESSAGE.test(message))).toEqual([]);
}

// No service worker in these contexts: once installed it serves the empty shell to every later
// navigation, and these tests are about the prerendered pages a first visit gets. One test a page,
// so each has its own time budget on a loaded machine.
describe('prerendered pages are hydrated, not replaced, for a visitor', () => {
  const block = contextForBlock();
  beforeAll(async () => {
    await block.context.addInitScript(keepParsedLayout);
  });

  it.each(PRERENDERED_PAGES)('on $sample', async ({ sample }) => {
    const page = await block.context.newPage();
    // Login is rendered by the app once its scripts run (the prerender has no working button).
    await expectHydrated(page, sample, 'header button:has-text("Login"):not([disabled])');
    await page.close();
  });
});

describe('prerendered pages are hydrated, not replaced, for a signed-in user with a saved query cache', () => {
  const block = contextForBlock();
  beforeAll(async () => {
    const { context } = block;
    await injectTestWallet(context, privateKeyToAccount(generatePrivateKey()));
    const first = await context.newPage();
    await first.goto('/');
    await signInThroughModal(first);
    await first.close(); // leaving the page saves the query cache (the signed-in user with it)
    await context.addInitScript(keepParsedLayout);
  });

  it.each(PRERENDERED_PAGES)('on $sample', async ({ sample }) => {
    const page = await block.context.newPage();
    // The prerender is a visitor's page; the user arrives from the restored cache after it.
    await expectHydrated(page, sample, '[data-testid="user-nickname"]');
    await page.close();
  });
});

import type { ConsoleMessage, Page, Request, Response } from 'playwright-core';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterEach, describe, expect, it } from 'vitest';
import { newIsolatedContext } from './support/browser.ts';
import { matchWithStatus } from './support/matches.ts';
import { waitForPageReady } from './support/pages.ts';
import { signInThroughModal } from './support/signIn.ts';
import { serverAndBrowserForFile } from './support/suite.ts';
import { injectTestWallet } from './support/testWallet.ts';

// A long betting window, so a scheduled match's watch page shows its open betting panel.
const suite = serverAndBrowserForFile({ env: { BETTING_WINDOW_MS: '600000' } });
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/** What a page did on our origin: requests made, 4xx/5xx answers, console errors not ours to allow. */
interface PageLog {
  requests: string[];
  failures: string[];
  consoleErrors: string[];
  inFlight: Set<Request>;
}

/**
 * A page in a fresh isolated context that logs its traffic. The harness aborts every request to
 * another origin (Chromium logs each as `net::ERR_INTERNET_DISCONNECTED`): only those are allowed.
 */
async function loggedPage(options: { wallet?: boolean } = {}) {
  const context = await newIsolatedContext(suite.browser, suite.server.origin);
  closers.push(() => context.close());
  if (options.wallet) await injectTestWallet(context, privateKeyToAccount(generatePrivateKey()));
  const page = await context.newPage();
  const log: PageLog = { requests: [], failures: [], consoleErrors: [], inFlight: new Set() };
  const ours = (url: string) => url.startsWith(`${suite.server.origin}/`);
  page.on('request', (request) => {
    if (!ours(request.url())) return;
    log.requests.push(new URL(request.url()).pathname);
    // An EventSource stays open for the page's life: it is not something to wait for.
    if (request.resourceType() !== 'eventsource') log.inFlight.add(request);
  });
  const done = (request: Request) => log.inFlight.delete(request);
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  page.on('response', (response: Response) => {
    if (ours(response.url()) && response.status() >= 400) {
      log.failures.push(`${response.status()} ${new URL(response.url()).pathname}`);
    }
  });
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() !== 'error') return;
    const { url } = message.location();
    const harnessAbort =
      message.text().includes('net::ERR_INTERNET_DISCONNECTED') && url !== '' && !ours(url);
    if (!harnessAbort) log.consoleErrors.push(`${message.text()} (${url})`);
  });
  page.on('pageerror', (error) => log.consoleErrors.push(`pageerror: ${error.message}`));
  return { page, log };
}

/** Waits for the page's heading and header, then until no request of ours is still answering. */
async function settle(page: Page, log: PageLog): Promise<void> {
  await waitForPageReady(page);
  await page
    .locator('header')
    .getByRole('button', { name: 'Login' })
    .or(page.getByTestId('user-nickname'))
    .waitFor();
  await expect.poll(() => log.inFlight.size, { timeout: 10_000 }).toBe(0);
}

const hintInPage = (page: Page) =>
  page.evaluate(() => document.cookie.includes('gridmind_signed_in='));

describe('a visitor asks nothing that answers 4xx', () => {
  const pages: [name: string, path: () => Promise<string> | string][] = [
    ['home', () => '/'],
    ['active games', () => '/games/sessions'],
    [
      'a watch page taking bets',
      async () => `/games/sessions/${await matchWithStatus(suite.server.origin, 'scheduled')}`,
    ],
    ['agents', () => '/agents'],
  ];

  for (const [name, path] of pages) {
    it(`on ${name}: no 4xx, no console error`, async () => {
      const { page, log } = await loggedPage();
      await page.goto(await path());
      await settle(page, log);
      if (name.startsWith('a watch page')) {
        await page.getByTestId('pools').waitFor();
        await page.getByText('Sign in to bet on this match.').waitFor();
        await expect.poll(() => log.inFlight.size, { timeout: 10_000 }).toBe(0);
      }
      expect(log.failures).toEqual([]);
      expect(log.consoleErrors).toEqual([]);
      expect(log.requests).not.toContain('/api/me');
      expect(log.requests).not.toContain('/api/bets');
    });
  }

  it('a stale hint costs one 401, then the server has cleared it', async () => {
    const { page, log } = await loggedPage();
    await page
      .context()
      .addCookies([{ name: 'gridmind_signed_in', value: '1', url: suite.server.origin }]);
    await page.goto('/');
    await settle(page, log);
    expect(log.failures).toEqual(['401 /api/me']);
    expect(await hintInPage(page)).toBe(false);
    log.failures.length = 0;
    log.requests.length = 0;
    await page.reload();
    await settle(page, log);
    expect(log.failures).toEqual([]);
    expect(log.requests).not.toContain('/api/me');
  });
});

describe('a signed-in user', () => {
  it('keeps nickname and balance over a reload; after Sign Out a reload asks nothing', async () => {
    const { page, log } = await loggedPage({ wallet: true });
    await page.goto('/');
    await signInThroughModal(page);
    expect(await hintInPage(page)).toBe(true);

    log.requests.length = 0;
    await page.reload();
    await settle(page, log);
    expect(log.requests).toContain('/api/me');
    expect(await page.getByTestId('user-balance').textContent()).toMatch(/1,000$/);
    expect((await page.getByTestId('user-nickname').textContent())?.length).toBeGreaterThan(0);

    await page.getByTestId('user-nickname').click();
    await page.getByRole('link', { name: 'Sign Out' }).click();
    await page.getByText('Signed out').waitFor();
    await page.getByRole('button', { name: 'Login' }).waitFor();
    expect(await hintInPage(page)).toBe(false);

    log.requests.length = 0;
    log.failures.length = 0;
    await page.reload();
    await settle(page, log);
    expect(log.requests).not.toContain('/api/me');
    expect(log.failures).toEqual([]);
  });
});

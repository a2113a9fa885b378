import type { BrowserContext, Page, Request } from 'playwright-core';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterEach, describe, expect, it } from 'vitest';
import { newIsolatedContext } from './support/browser.ts';
import { signInThroughModal } from './support/signIn.ts';
import { serverAndBrowserForFile } from './support/suite.ts';
import { injectTestWallet, TEST_WALLET_RDNS } from './support/testWallet.ts';

const admin = privateKeyToAccount(generatePrivateKey());
let context: BrowserContext | undefined;

const harness = serverAndBrowserForFile({ adminAddresses: [admin.address.toLowerCase()] });
afterEach(async () => {
  await context?.close();
  context = undefined;
});

async function walletPage(account = privateKeyToAccount(generatePrivateKey())) {
  context = await newIsolatedContext(harness.browser, harness.server.origin);
  const wallet = await injectTestWallet(context, account);
  const page: Page = await context.newPage();
  // AppKit's offline fetch failures must not surface as page crashes.
  const pageErrors: Error[] = [];
  page.on('pageerror', (error) => pageErrors.push(error));
  if (process.env.E2E_DEBUG)
    page.on('response', (r) => {
      if (!r.url().includes('/assets/')) console.log(Date.now() % 100000, r.status(), r.url());
    });
  if (process.env.E2E_DEBUG)
    page.on('console', (m) => console.log(Date.now() % 100000, m.type(), m.text().slice(0, 200)));
  await page.goto('/');
  return { page, wallet, account, pageErrors };
}

const mainNavLabels = (page: Page) => page.locator('nav[aria-label="Main"] a').allTextContents();

/**
 * A fresh page signed in through the modal, once the wallet stack that loads in the background
 * after the sign-in reload has reconnected the wallet (it asked for the chain again).
 */
async function signedInWithWalletReconnected() {
  const walletAndPage = await walletPage();
  const { page, wallet } = walletAndPage;
  await signInThroughModal(page);
  const callsBeforeReconnect = wallet.methods.length;
  await page.waitForFunction(() => document.querySelector('w3m-modal') !== null);
  await expect
    .poll(() => wallet.methods.slice(callsBeforeReconnect).includes('eth_chainId'))
    .toBe(true);
  return walletAndPage;
}

/** Reloads the page and waits until its start-up revoked the wallet's permissions. */
async function reloadUntilWalletDropped(
  page: Page,
  wallet: { methods: readonly string[] },
  timeout: number,
) {
  const callsBeforeReload = wallet.methods.length;
  await page.reload();
  await page.getByRole('button', { name: 'Login' }).waitFor();
  await expect
    .poll(() => wallet.methods.slice(callsBeforeReload).includes('wallet_revokePermissions'), {
      timeout,
    })
    .toBe(true);
}

/** A promise opened from outside (Node 20 has no Promise.withResolvers). */
function gate() {
  let open = () => {};
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, resolve: () => open() };
}

/**
 * A loaded server, in a fixed order: session questions (GET /auth/session) are answered only on
 * `releaseSessions()`, so the start-up's question times out; the rest of /api and /auth only
 * once a second session question shows AppKit restored the wallet and asks for its session.
 * Counts the session questions the page asked and those whose answer it has received.
 */
async function answerLate(page: Page) {
  const sessions = { asked: 0, answered: 0 };
  const isSession = (url: string) => new URL(url).pathname === '/auth/session';
  const releaseRest = gate();
  const releaseSessions = gate();
  page.on('request', (request) => {
    if (!isSession(request.url())) return;
    sessions.asked++;
    if (sessions.asked === 2) releaseRest.resolve();
  });
  const settled = (request: Request) => {
    if (isSession(request.url())) sessions.answered++;
  };
  page.on('requestfinished', settled);
  page.on('requestfailed', settled);
  const ours = (url: URL) =>
    url.origin === harness.server.origin && /^\/(api|auth)\//.test(url.pathname);
  await page.route(ours, async (route) => {
    const held = isSession(route.request().url()) ? releaseSessions : releaseRest;
    await held.promise;
    await route.continue().catch(() => {}); // the page may have gone meanwhile
  });
  return { sessions, releaseSessions: () => releaseSessions.resolve() };
}

declare global {
  interface Window {
    gridmindModalOpenings?: number;
  }
}

/** Counts, in every page loaded from now on, how often the wallet modal opens. */
async function countModalOpenings(page: Page) {
  await page.addInitScript(() => {
    window.gridmindModalOpenings = 0;
    new MutationObserver((records) => {
      for (const { target, oldValue } of records) {
        const modal = target instanceof Element && target.localName === 'w3m-modal';
        const opened = modal && target.classList.contains('open');
        if (opened && !oldValue?.split(' ').includes('open')) {
          window.gridmindModalOpenings = (window.gridmindModalOpenings ?? 0) + 1;
        }
      }
    }).observe(document, {
      subtree: true,
      attributeFilter: ['class'],
      attributeOldValue: true,
    });
  });
}

/** Login starts over with the wallet list, not a sign step for the stale account. */
async function expectLoginToStartOver(page: Page) {
  await page.getByRole('button', { name: 'Login' }).click();
  await page.locator(`[data-testid="wallet-selector-${TEST_WALLET_RDNS}"]`).waitFor();
  expect(await page.locator('[data-testid="w3m-connecting-siwe-sign"]').count()).toBe(0);
}

describe('wallet sign-in through the AppKit modal', () => {
  it('signs in with the injected wallet and shows nickname and balance', async () => {
    const { page, wallet, account, pageErrors } = await walletPage();
    await signInThroughModal(page);

    expect(await page.getByTestId('user-balance').textContent()).toMatch(/1,000$/);
    expect((await page.getByTestId('user-nickname').textContent())?.length).toBeGreaterThan(0);
    expect(await page.getByRole('button', { name: 'Login' }).count()).toBe(0);
    expect(await mainNavLabels(page)).not.toContain('Admin');

    const [message] = wallet.signedMessages;
    expect(message).toContain(`${new URL(harness.server.origin).host} wants you to sign in`);
    expect(message).toContain(account.address);
    expect(message).toContain(`URI: ${harness.server.origin}`);
    expect(message).toContain('Chain ID: 1');
    expect(message).toContain('Welcome to Gridmind!');
    expect(pageErrors).toEqual([]);
  });

  it('shows Admin to the admin address only, and the admin page opens', async () => {
    const { page } = await walletPage(admin);
    await signInThroughModal(page);
    expect(await mainNavLabels(page)).toContain('Admin');
    await page.locator('nav[aria-label="Main"]').getByRole('link', { name: 'Admin' }).click();
    // The server accepts the admin: the tools show, not the "Admins only" notice.
    await page.locator('section[aria-labelledby="admin-title"]').waitFor();
    expect(await page.getByRole('heading', { name: 'Admins only' }).count()).toBe(0);
  });

  it('signs out from the user menu: toast, back on Home as a visitor, wallet disconnected', async () => {
    const { page, wallet } = await walletPage();
    await signInThroughModal(page);
    await page.goto('/games');
    await page.getByTestId('user-nickname').click();
    await page.getByRole('link', { name: 'Sign Out' }).click();
    await page.getByText('Signed out').waitFor();
    // Bottom-centre and dark (SPEC section 2), as sonner renders its toaster.
    const toaster = page.locator('[data-sonner-toaster]');
    expect(await toaster.getAttribute('data-y-position')).toBe('bottom');
    expect(await toaster.getAttribute('data-x-position')).toBe('center');
    expect(await toaster.getAttribute('data-sonner-theme')).toBe('dark');
    await page.waitForURL(`${harness.server.origin}/`);
    await page.getByRole('button', { name: 'Login' }).waitFor();
    expect(await page.evaluate(() => fetch('/api/me').then((response) => response.status))).toBe(
      401,
    );
    await expect
      .poll(() => wallet.methods.includes('wallet_revokePermissions'), { timeout: 10_000 })
      .toBe(true);
    await page.reload();
    await page.getByRole('button', { name: 'Login' }).waitFor();
    expect(await page.getByTestId('user-nickname').count()).toBe(0);
  });

  it('clears the sign-in when the wallet switches network', async () => {
    const { page, wallet } = await signedInWithWalletReconnected();
    await Promise.all([page.waitForEvent('load'), wallet.switchChain(page, 42161)]);
    await page.getByRole('button', { name: 'Login' }).waitFor();
    expect(await page.evaluate(() => fetch('/api/me').then((response) => response.status))).toBe(
      401,
    );
  });

  it('drops a remembered wallet on reload once the server has no session', async () => {
    const { page, wallet } = await signedInWithWalletReconnected();
    // The session ends on the server's side only (it expired): the wallet still grants access.
    await context?.clearCookies({ name: 'gridmind_session' });
    await reloadUntilWalletDropped(page, wallet, 20_000);
    await expectLoginToStartOver(page);
  });

  it('drops a remembered wallet on a server that answers late, and opens no sign step by itself', async () => {
    const { page, wallet } = await signedInWithWalletReconnected();
    await context?.clearCookies({ name: 'gridmind_session' });
    // A loaded server. The start-up's session question gets no answer in time (5 s), so AppKit
    // restores the wallet (no answer is not "signed out") and asks for its session; /api/me's
    // 401 then drops the wallet, and only then does "no session" reach AppKit.
    const late = await answerLate(page);
    await countModalOpenings(page);
    await reloadUntilWalletDropped(page, wallet, 30_000);
    const askedBeforeDrop = late.sessions.asked;
    expect(askedBeforeDrop).toBeGreaterThanOrEqual(2);
    late.releaseSessions();
    await expect
      .poll(() => late.sessions.answered >= askedBeforeDrop, { timeout: 30_000 })
      .toBe(true);
    await page.unrouteAll({ behavior: 'wait' });
    // AppKit's own sign view for the dropped wallet would cover Login, or open a second time.
    await expectLoginToStartOver(page);
    expect(await page.evaluate(() => window.gridmindModalOpenings)).toBe(1);
  });

  it('keeps the restored wallet of a sign-in resumed after the tab was killed in the wallet app', async () => {
    const { page, wallet } = await walletPage();
    await page.getByRole('button', { name: 'Login' }).click();
    await page.locator(`[data-testid="wallet-selector-${TEST_WALLET_RDNS}"]`).click();
    await page.locator('[data-testid="w3m-connecting-siwe-sign"]').waitFor();
    // What returnFromWallet notes when the page is hidden with the modal open; the reload stands
    // for the OS killing the tab while the user signs in the wallet app.
    await page.evaluate(() => sessionStorage.setItem('gridmind.walletSignInPending', '1'));
    const callsBeforeReload = wallet.methods.length;
    await page.reload();
    await Promise.all([
      page.waitForEvent('load', { timeout: 90_000 }),
      page.locator('[data-testid="w3m-connecting-siwe-sign"]').click(),
    ]);
    await page.getByTestId('user-nickname').waitFor();
    expect(wallet.methods.slice(callsBeforeReload)).not.toContain('wallet_revokePermissions');
    expect(wallet.methods.slice(callsBeforeReload)).not.toContain('eth_requestAccounts');
  });
});

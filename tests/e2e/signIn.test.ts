import type { BrowserContext, Page } from 'playwright-core';
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

  it('drops a remembered wallet when the server answers "no session" only after AppKit started', async () => {
    const { page, wallet } = await signedInWithWalletReconnected();
    await context?.clearCookies({ name: 'gridmind_session' });
    // A loaded server answers the start-up's session question after its 5 s time-out, so
    // AppKit starts as if offline (no answer is not "signed out"); the wallet must still be
    // dropped, and Login must still start over.
    await page.route('**/auth/session', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 7_000));
      await route.continue();
    });
    await reloadUntilWalletDropped(page, wallet, 30_000);
    await page.unroute('**/auth/session');
    await expectLoginToStartOver(page);
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

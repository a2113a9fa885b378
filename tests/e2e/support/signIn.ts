import type { Browser, BrowserContext, Page } from 'playwright-core';
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts';
import { newIsolatedContext } from './browser.ts';
import { injectTestWallet, TEST_WALLET_RDNS } from './testWallet.ts';

/**
 * Signs in the way a person does: Login, pick the injected wallet in the real AppKit modal, sign
 * the welcome message. Resolves once the page reloaded with the user menu in the header.
 */
export async function signInThroughModal(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Login' }).click();
  await page.locator(`[data-testid="wallet-selector-${TEST_WALLET_RDNS}"]`).click();
  // A successful sign-in reloads the page (SPEC section 4). Nonce, signature, verify and reload
  // took over 30 s once on a machine loaded 8 times over, hence the longer wait.
  await Promise.all([
    page.waitForEvent('load', { timeout: 90_000 }),
    page.locator('[data-testid="w3m-connecting-siwe-sign"]').click(),
  ]);
  await page.getByTestId('user-nickname').waitFor();
}

/**
 * A person signed in: a fresh isolated context whose test wallet holds `account` (a new one when
 * not given), on `/`, signed in through the modal. The caller closes the context.
 */
export async function signedInContext(
  browser: Browser,
  origin: string,
  account: PrivateKeyAccount = privateKeyToAccount(generatePrivateKey()),
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newIsolatedContext(browser, origin);
  await injectTestWallet(context, account);
  const page = await context.newPage();
  await page.goto('/');
  await signInThroughModal(page);
  return { context, page };
}

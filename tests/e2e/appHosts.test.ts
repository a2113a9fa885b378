import type { BrowserContext, Page } from 'playwright-core';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterEach, describe, expect, it } from 'vitest';
import { newIsolatedContext } from './support/browser.ts';
import { serverAndBrowserForFile } from './support/suite.ts';
import { injectTestWallet, TEST_WALLET_RDNS } from './support/testWallet.ts';

// The two hosts that are not a plain browser tab: a Telegram Mini App, and a phone's browser
// coming back from a wallet app (pwaPaths.test.ts has the service worker's and manifest's paths).
const harness = serverAndBrowserForFile();
let context: BrowserContext | undefined;
afterEach(async () => {
  await context?.close();
  context = undefined;
});

async function phonePage(): Promise<Page> {
  context = await newIsolatedContext(harness.browser, harness.server.origin, {
    width: 390,
    height: 844,
  });
  return context.newPage();
}

describe('inside a Telegram Mini App', () => {
  it("wears Telegram's theme and drives its back button from our routes", async () => {
    const page = await phonePage();
    // Telegram's own WebApp object (third party), as telegram-web-app.js defines it in a Mini App.
    await context?.addInitScript(() => {
      const calls: string[] = [];
      Object.assign(window, {
        telegramCalls: calls,
        Telegram: {
          WebApp: {
            initData: 'query_id=1&user=%7B%7D&hash=abc',
            platform: 'android',
            colorScheme: 'light',
            themeParams: {
              bg_color: '#ffffff',
              text_color: '#000000',
              link_color: '#2481cc',
              button_color: '#3390ec',
              button_text_color: '#fefefe',
            },
            BackButton: {
              show: () => calls.push('back shown'),
              hide: () => calls.push('back hidden'),
              onClick: () => {},
              offClick: () => {},
            },
            ready: () => calls.push('ready'),
            expand: () => {},
            openLink: () => {},
            onEvent: () => {},
          },
        },
      });
    });
    await page.goto('/');
    await page.waitForFunction(() => document.documentElement.dataset.telegramTheme === 'light');
    const colours = await page.evaluate(() => {
      const link = document.createElement('a');
      link.href = '/about-us';
      document.querySelector('main')?.append(link);
      const header = document.querySelector('.site-header');
      return {
        page: getComputedStyle(document.documentElement).backgroundColor,
        text: getComputedStyle(document.body).color,
        link: getComputedStyle(link).color,
        header: header ? getComputedStyle(header).backgroundColor : null,
        scheme: getComputedStyle(document.documentElement).colorScheme,
      };
    });
    expect(colours).toEqual({
      page: 'rgb(255, 255, 255)',
      text: 'rgb(0, 0, 0)',
      link: 'rgb(36, 129, 204)',
      header: 'rgb(255, 255, 255)',
      scheme: 'light',
    });

    await page.goto('/agents');
    await page.waitForFunction(() =>
      (window as unknown as { telegramCalls: string[] }).telegramCalls.includes('back shown'),
    );
  });
});

describe('returning from a wallet app', () => {
  it('a sign-in pending when the OS killed the tab resumes at the sign step in the restored page', async () => {
    const page = await phonePage();
    await injectTestWallet(context as BrowserContext, privateKeyToAccount(generatePrivateKey()));
    await page.goto('/');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.locator(`[data-testid="wallet-selector-${TEST_WALLET_RDNS}"]`).click();
    const signButton = page.locator('[data-testid="w3m-connecting-siwe-sign"]');
    await signButton.waitFor({ timeout: 60_000 });

    // The user leaves for the wallet app to sign: the page is hidden ...
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', {
        configurable: true,
        get: () => 'hidden',
      });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    // ... and the OS kills the tab, then restores it (same tab: its sessionStorage is kept).
    await page.reload();
    await page.getByRole('button', { name: 'Login' }).waitFor();

    // A visitor's page never loads the wallet stack by itself; this one resumes the sign-in.
    await signButton.waitFor({ timeout: 60_000 });
    await Promise.all([page.waitForEvent('load', { timeout: 90_000 }), signButton.click()]);
    await page.getByTestId('user-nickname').waitFor();
  });
});

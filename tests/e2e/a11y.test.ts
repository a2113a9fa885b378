import type { BrowserContext, Page } from 'playwright-core';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from './support/axe.ts';
import { newIsolatedContext } from './support/browser.ts';
import { matchWithStatus } from './support/matches.ts';
import { VIEWPORTS, waitForPageReady } from './support/pages.ts';
import { signInThroughModal } from './support/signIn.ts';
import { serverAndBrowserForFile } from './support/suite.ts';
import { injectTestWallet } from './support/testWallet.ts';

const admin = privateKeyToAccount(generatePrivateKey());
// Matches of a few seconds, so a live one and a finished one both exist while the suite runs.
const suite = serverAndBrowserForFile({
  adminAddresses: [admin.address.toLowerCase()],
  env: { LIVE_MATCHES: '2', MOVE_DELAY_MS: '300', BETTING_WINDOW_MS: '0' },
});

async function firstAgentId(): Promise<string> {
  const response = await fetch(`${suite.server.origin}/api/agents`);
  const { items } = (await response.json()) as { items: { id: string }[] };
  if (!items[0]) throw new Error('no agents on the server');
  return items[0].id;
}

/** Every page of the app, as a path or a way to find one (watch pages need a match in a state). */
const PAGES: [name: string, path: () => Promise<string> | string][] = [
  ['home', () => '/'],
  ['games', () => '/games'],
  ['active games', () => '/games/sessions'],
  [
    'a live match',
    async () => `/games/sessions/${await matchWithStatus(suite.server.origin, 'live')}`,
  ],
  [
    'a finished match',
    async () => `/games/sessions/${await matchWithStatus(suite.server.origin, 'finished')}`,
  ],
  ['tournaments', () => '/games/tournaments'],
  ['agents', () => '/agents'],
  ['an agent', async () => `/agents/${await firstAgentId()}`],
  ['my agents', () => '/agents/mine'],
  ['profile', () => '/profile'],
  ['admin', () => '/admin'],
  ['about us', () => '/about-us'],
  ['contact', () => '/contact'],
  ['privacy policy', () => '/privacy-policy'],
  ['terms of use', () => '/terms-of-use'],
  ['not found', () => '/no/such/page'],
];

/** Opens the page at both widths and returns the serious/critical findings, labelled by width. */
async function auditAtBothWidths(page: Page, path: string) {
  const findings = [];
  for (const [width, viewport] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(viewport);
    await page.goto(path);
    await waitForPageReady(page);
    for (const finding of await seriousAxeViolations(page)) findings.push({ width, ...finding });
  }
  return findings;
}

describe.each([
  ['signed out', false],
  ['signed in as an admin', true],
] as const)('axe on every page, %s', (_state, signedIn) => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    // One context per state, reused across pages: signing in once keeps the suite quick.
    context = await newIsolatedContext(suite.browser, suite.server.origin);
    if (signedIn) await injectTestWallet(context, admin);
    page = await context.newPage();
    if (signedIn) {
      await page.goto('/');
      await signInThroughModal(page);
    }
  });
  afterAll(async () => {
    await context?.close();
  });

  it.each(PAGES)('%s has no serious or critical violation', async (_name, path) => {
    expect(await auditAtBothWidths(page, await path())).toEqual([]);
  });

  it('has none with the menus open', async () => {
    await page.setViewportSize(VIEWPORTS.narrow);
    await page.goto('/games');
    await waitForPageReady(page);
    await page.getByRole('button', { name: 'Open menu' }).click();
    expect(await seriousAxeViolations(page)).toEqual([]);
    if (signedIn) {
      await page.keyboard.press('Escape');
      await page.locator('.user-button').click();
      await page.getByRole('link', { name: 'Profile', exact: true }).waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
    }
  });
});

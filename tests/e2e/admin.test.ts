import type { BrowserContext, Page, Route } from 'playwright-core';
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts';
import { afterEach, describe, expect, it } from 'vitest';
import { NOT_AN_ADDRESS_SEARCH, USER_SEARCH_TOO_SHORT } from '#core/protocol/adminUsers.ts';
import { signedInContext } from './support/signIn.ts';
import { serverAndBrowserForFile } from './support/suite.ts';

const admin = privateKeyToAccount(generatePrivateKey());
const harness = serverAndBrowserForFile({
  adminAddresses: [admin.address.toLowerCase()],
  env: { LIVE_MATCHES: '0' },
});
const contexts: BrowserContext[] = [];
afterEach(async () => {
  for (const context of contexts.splice(0)) await context.close();
});

async function signedInPage(account?: PrivateKeyAccount): Promise<Page> {
  const { context, page } = await signedInContext(harness.browser, harness.server.origin, account);
  contexts.push(context);
  return page;
}

/** Our server answering 500 with its usual `{error}` body: what a database outage looks like. */
const serverFailure = (route: Route) =>
  route.fulfill({
    status: 500,
    contentType: 'application/json',
    body: JSON.stringify({ error: 'The database is not answering.' }),
  });

describe('the admin page', () => {
  it('asks for the ledger once per visit, and shows a non-admin "Admins only"', async () => {
    const page = await signedInPage(admin);
    const ledgerCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/admin/ledger') ledgerCalls.push(request.url());
    });
    await page.goto('/admin');
    await page.getByRole('heading', { name: 'Ledger health' }).waitFor();
    // The regression: the page asked once for the status and again for the body.
    expect(ledgerCalls).toHaveLength(1);

    const player = await signedInPage();
    await player.goto('/admin');
    await player.getByRole('heading', { name: 'Admins only' }).waitFor();
  });

  it('an admin whose first call fails sees the failure and tries again, never "Admins only"', async () => {
    const page = await signedInPage(admin);
    await page.route('**/api/admin/ledger', serverFailure);
    await page.goto('/admin');
    const alert = page.getByRole('alert').filter({ hasText: 'could not be loaded' });
    await alert.waitFor({ timeout: 30_000 });
    expect(await alert.textContent()).toContain(
      'The admin tools could not be loaded. The database is not answering.',
    );
    expect(await page.getByRole('heading', { name: 'Admins only' }).count()).toBe(0);

    await page.unroute('**/api/admin/ledger');
    await alert.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('heading', { name: 'Ledger health' }).waitFor();
  });

  it('says when a search matches nobody, and when a list fails, with a way to try again', async () => {
    const page = await signedInPage(admin);
    await page.route('**/api/admin/agents', serverFailure);
    await page.goto('/admin');

    await page.getByLabel('Search users').fill('nobody-by-this-name');
    await page.getByText('No user matches “nobody-by-this-name”.').waitFor();
    expect(await page.getByTestId('admin-user').count()).toBe(0);
    await page.getByLabel('Search users').fill('');
    await expect.poll(() => page.getByTestId('admin-user').count()).toBeGreaterThan(0);

    const agents = page.getByRole('region', { name: 'Agents' });
    const alert = agents.getByRole('alert');
    await alert.waitFor({ timeout: 30_000 });
    expect(await alert.textContent()).toContain(
      'The agents could not be loaded. The database is not answering.',
    );
    await page.unroute('**/api/admin/agents');
    await alert.getByRole('button', { name: 'Try again' }).click();
    await agents.getByRole('row', { name: /Oracle/ }).waitFor();
  });

  it('checks a search that reads as an address as one, and finds a whole address in any case', async () => {
    const page = await signedInPage(admin);
    const searches: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/admin/users') searches.push(url.searchParams.get('query') ?? '');
    });
    await page.goto('/admin');
    const users = page.getByRole('region', { name: 'Users' });
    const oneDigitShort = admin.address.slice(0, -1);
    await page.getByLabel('Search users').fill(oneDigitShort);
    const alert = users.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toBe(NOT_AN_ADDRESS_SEARCH);
    expect(await page.getByTestId('admin-user').count()).toBe(0);
    expect(await page.getByLabel('Search users').getAttribute('aria-invalid')).toBe('true');

    // Two characters give the trigram index nothing to narrow by: said at once, not sent.
    await page.getByLabel('Search users').fill('0x');
    await expect.poll(() => alert.textContent()).toBe(USER_SEARCH_TOO_SHORT);
    expect(await page.getByTestId('admin-user').count()).toBe(0);

    await page.getByLabel('Search users').fill(`0x${admin.address.slice(2).toUpperCase()}`);
    await expect.poll(() => page.getByTestId('admin-user').count()).toBe(1);
    expect(await page.getByTestId('admin-user').textContent()).toContain(
      admin.address.toLowerCase(),
    );
    expect(await users.getByRole('alert').count()).toBe(0);
    // The malformed and the short one were never sent.
    expect(searches).not.toContain(oneDigitShort);
    expect(searches).not.toContain('0x');
  });

  it('creates a tournament from its form, refusing bad input first, then cancels it', async () => {
    const page = await signedInPage(admin);
    const created: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/admin/tournaments') {
        created.push(request.postData() ?? '');
      }
    });
    await page.goto('/admin');
    const section = page.getByRole('region', { name: 'Tournaments' });
    const form = section.getByRole('form', { name: 'Create a tournament' });
    await form.getByLabel('Game').selectOption('othello');
    await form.getByLabel('Format').selectOption('knockout');
    // A knockout names no rounds: the field goes.
    expect(await form.getByLabel('Rounds').count()).toBe(0);
    await form.getByLabel('Entry fee (points)').fill('25');
    await form.getByLabel('Prize table (% by place)').fill('60, lots');
    await form.getByRole('button', { name: 'Create tournament' }).click();
    expect(await form.getByRole('alert').textContent()).toBe(
      'Prize shares are whole numbers, separated by commas.',
    );
    // Refused in the page: nothing sent, nothing typed lost.
    expect(created).toEqual([]);
    expect(await form.getByLabel('Entry fee (points)').inputValue()).toBe('25');

    // What the page cannot tell, the server refuses in its own words, shown in the form.
    await form.getByLabel('Prize table (% by place)').fill('60, 40');
    await form.getByLabel('Entrant limit').fill('1');
    await form.getByRole('button', { name: 'Create tournament' }).click();
    await expect
      .poll(() => form.getByRole('alert').textContent())
      .toBe('A tournament needs room for at least 2 entrants.');
    expect(created).toHaveLength(1);

    await form.getByLabel('Entrant limit').fill('8');
    await form.getByRole('button', { name: 'Create tournament' }).click();
    const listed = section.getByTestId('admin-tournament-list').getByRole('listitem');
    await listed.filter({ hasText: 'Othello Knockout' }).waitFor();
    expect(await form.getByRole('alert').count()).toBe(0);
    expect(JSON.parse(created[1] ?? '{}')).toMatchObject({
      game: 'othello',
      format: 'knockout',
      entryFee: 25,
      entrantLimit: 8,
      prizeTable: [60, 40],
    });
    const link = listed.filter({ hasText: 'Othello Knockout' }).getByRole('link');
    const id = (await link.getAttribute('href'))?.split('/').at(-1) ?? '';
    const shown = await fetch(`${harness.server.origin}/api/tournaments/${id}`);
    expect((await shown.json()).tournament).toMatchObject({
      status: 'scheduled',
      entryFee: 25,
      format: 'knockout',
    });

    await listed
      .filter({ hasText: 'Othello Knockout' })
      .getByRole('button', { name: 'Cancel and refund' })
      .click();
    await expect.poll(() => listed.filter({ hasText: 'Othello Knockout' }).count()).toBe(0);
    const cancelled = await fetch(`${harness.server.origin}/api/tournaments/${id}`);
    expect((await cancelled.json()).tournament.status).toBe('cancelled');
  });
});

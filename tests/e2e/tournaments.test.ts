import type { BrowserContext, Page } from 'playwright-core';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterEach, describe, expect, it } from 'vitest';
import type { CreateTournamentBody } from '#core/protocol/tournaments.ts';
import { seriousAxeViolations } from './support/axe.ts';
import { newIsolatedContext } from './support/browser.ts';
import { VIEWPORTS, waitForPageReady } from './support/pages.ts';
import { postFrom } from './support/postFrom.ts';
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

async function visitorPage(viewport: { width: number; height: number }): Promise<Page> {
  const context = await newIsolatedContext(harness.browser, harness.server.origin, viewport);
  contexts.push(context);
  return context.newPage();
}

const headerBalance = async (page: Page) =>
  Number(((await page.getByTestId('user-balance').textContent()) ?? '').replace(/\D/g, ''));

async function firstOthelloAgent(): Promise<{ id: string; name: string }> {
  const response = await fetch(`${harness.server.origin}/api/agents?game=othello`);
  const { items } = (await response.json()) as { items: { id: string; name: string }[] };
  if (!items[0]) throw new Error('no Othello agent on the server');
  return items[0];
}

describe('the tournament pages', () => {
  it('list an upcoming tournament and show its facts, prizes, rules and entrants at 360 px', async () => {
    const visitor = await visitorPage(VIEWPORTS.narrow);
    await visitor.goto('/games/tournaments');
    await waitForPageReady(visitor);
    expect(await visitor.getByText('No tournament is scheduled yet.').count()).toBe(1);

    const { context, page: adminPage } = await signedInContext(
      harness.browser,
      harness.server.origin,
      admin,
    );
    contexts.push(context);
    const body: CreateTournamentBody = {
      game: 'othello',
      format: 'swiss',
      rounds: 5,
      startsAt: new Date(Date.now() + 2 * 3_600_000).toISOString(),
      entryFee: 25,
      housePrize: 1_000,
      entrantLimit: 8,
      thinkTimeMs: 1_000,
      prizeTable: [60, 30, 10],
    };
    const { tournamentId } = (await postFrom(adminPage, '/api/admin/tournaments', body)) as {
      tournamentId: string;
    };
    const agent = await firstOthelloAgent();
    await postFrom(adminPage, `/api/tournaments/${tournamentId}/entrants`, { agentId: agent.id });

    await visitor.goto('/games/tournaments?game=othello');
    await waitForPageReady(visitor);
    const row = visitor.getByTestId('tournament-row');
    await row.first().waitFor();
    expect(await row.count()).toBe(1);
    const rowText = (await row.textContent()) ?? '';
    expect(rowText).toContain('Othello Swiss');
    // Two hours ahead, less the second or so since: the countdown rounds the seconds up.
    expect(rowText).toMatch(/\(in (1 h 59|2 h 00) min\)/);
    expect(rowText).toContain('1 / 8');
    expect(await seriousAxeViolations(visitor)).toEqual([]);
    // The list fits a phone: the page itself never scrolls sideways.
    expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      VIEWPORTS.narrow.width,
    );

    await row.getByRole('link', { name: 'Othello Swiss' }).click();
    await visitor.getByRole('heading', { level: 1, name: 'Othello Swiss' }).waitFor();
    await waitForPageReady(visitor);
    expect(new URL(visitor.url()).pathname).toBe(`/games/tournaments/${tournamentId}`);
    expect(await visitor.getByTestId('tournament-status').textContent()).toBe('Open for entries');
    expect(await visitor.getByTestId('tournament-countdown').textContent()).toMatch(
      /^ \(in (1 h 5\d|2 h 00) min\)$/,
    );
    // A built-in agent enters fee-free, so the pool is the house's prize alone: 600, 300, 100.
    expect(await visitor.getByTestId('tournament-pool').textContent()).toBe('1,000 points');
    const prizes = await visitor.getByTestId('prize-row').allTextContents();
    expect(prizes).toEqual(['1st600', '2nd300', '3rd100']);
    expect(await visitor.getByTestId('tournament-rules').locator('li').count()).toBeGreaterThan(1);
    const entrant = visitor.getByTestId('entrant-row').getByRole('link', { name: agent.name });
    expect(await entrant.getAttribute('href')).toBe(`/agents/${agent.id}`);
    // Before the first round every entrant stands level: place 1, no points, no tie-breaks.
    const standings = await visitor.getByTestId('standing-row').allTextContents();
    expect(standings).toEqual([`1st${agent.name}0000000`]);
    expect(await seriousAxeViolations(visitor)).toEqual([]);
    expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      VIEWPORTS.narrow.width,
    );

    // Keyboard: the entrant's link is reachable and opens the agent page.
    await entrant.focus();
    await visitor.keyboard.press('Enter');
    await visitor.getByRole('heading', { level: 1, name: agent.name }).waitFor();
    // The agent's page lists the tournament it is entered in, linking back to it.
    const listed = visitor.getByTestId('agent-tournaments').getByRole('link', {
      name: 'Entered, 1 so far',
    });
    expect(await listed.getAttribute('href')).toBe(`/games/tournaments/${tournamentId}`);
    expect(await seriousAxeViolations(visitor)).toEqual([]);
  });

  it('lets an owner enter an agent, shows the server refusing a full field, and withdraws', async () => {
    const { context: adminContext, page: adminPage } = await signedInContext(
      harness.browser,
      harness.server.origin,
      admin,
    );
    contexts.push(adminContext);
    const create = (entrantLimit: number) =>
      postFrom(adminPage, '/api/admin/tournaments', {
        game: 'connect4',
        format: 'round-robin',
        startsAt: new Date(Date.now() + 3_600_000).toISOString(),
        entryFee: 25,
        housePrize: 0,
        entrantLimit,
        thinkTimeMs: 1_000,
        prizeTable: [100],
      } satisfies CreateTournamentBody) as Promise<{ tournamentId: string }>;
    const open = await create(8);
    const full = await create(2);
    const agents = (await (
      await fetch(`${harness.server.origin}/api/agents?game=connect4`)
    ).json()) as {
      items: { id: string }[];
    };
    for (const builtin of agents.items.slice(0, 2)) {
      await postFrom(adminPage, `/api/tournaments/${full.tournamentId}/entrants`, {
        agentId: builtin.id,
      });
    }

    const { context, page } = await signedInContext(harness.browser, harness.server.origin);
    contexts.push(context);
    await page.setViewportSize(VIEWPORTS.narrow);
    await page.goto('/agents/mine');
    const agentName = `Entrant ${Date.now() % 10_000}`;
    await page.getByLabel('Name').fill(agentName);
    await page.getByRole('button', { name: 'Create agent' }).click();
    await page.getByTestId('my-agent').first().waitFor();

    await page.goto(`/games/tournaments/${full.tournamentId}`);
    await page.getByRole('button', { name: 'Enter for 25 points' }).click();
    await page.getByTestId('entry-error').waitFor();
    expect(await page.getByTestId('entry-error').textContent()).toMatch(/full|limit/i);
    expect(await headerBalance(page)).toBe(1_000);

    await page.goto(`/games/tournaments/${open.tournamentId}`);
    await page.getByLabel('Your agent', { exact: true }).selectOption({ label: agentName });
    await page.getByRole('button', { name: 'Enter for 25 points' }).click();
    await page.getByRole('button', { name: `Withdraw ${agentName}` }).waitFor();
    await expect.poll(() => headerBalance(page)).toBe(975);
    expect(await page.getByTestId('entrant-row').allTextContents()).toEqual([
      expect.stringContaining(agentName),
    ]);
    expect(await page.getByTestId('tournament-pool').textContent()).toBe('25 points');
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: `Withdraw ${agentName}` }).click();
    await page.getByText('Nobody has entered yet.').waitFor();
    await expect.poll(() => headerBalance(page)).toBe(1_000);
  });

  it('says so when a tournament does not exist or the list cannot be loaded', async () => {
    const page = await visitorPage(VIEWPORTS.desktop);
    await page.goto('/games/tournaments/5b0e6c1e-0000-4000-8000-000000000000');
    await page.getByRole('heading', { level: 1, name: 'Tournament not found' }).waitFor();
    expect(await page.getByRole('alert').textContent()).toBe('This tournament does not exist.');

    await page.route('**/api/tournaments', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'The database is not answering.' }),
      }),
    );
    await page.goto('/games/tournaments');
    const alert = page.getByRole('alert');
    await alert.waitFor({ timeout: 30_000 });
    expect(await alert.textContent()).toBe('The server could not answer. Try again shortly.');
  });
});

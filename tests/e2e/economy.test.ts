import type { Browser, BrowserContext, Page } from 'playwright-core';
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { matchListResponseSchema } from '#core/protocol/matches.ts';
import { launchBrowser } from './support/browser.ts';
import { startServer, type TestServer } from './support/server.ts';
import { signedInContext } from './support/signIn.ts';

const admin = privateKeyToAccount(generatePrivateKey());
let server: TestServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  // Quick matches with a short betting window, so one is announced, bet on and settled in time;
  // 30 s of it, as a loaded machine may take seconds to show a watch page.
  process.env.LIVE_MATCHES = '1';
  process.env.MOVE_DELAY_MS = '50';
  process.env.BETTING_WINDOW_MS = '30000';
  server = await startServer({ adminAddresses: [admin.address.toLowerCase()] });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});
afterEach(async () => {
  for (const context of contexts.splice(0)) await context.close();
});

async function signedInPage(account?: PrivateKeyAccount): Promise<Page> {
  const { context, page } = await signedInContext(browser, server.origin, account);
  contexts.push(context);
  return page;
}

const headerBalance = async (page: Page) =>
  Number(((await page.getByTestId('user-balance').textContent()) ?? '').replace(/\D/g, ''));

/**
 * A match announced with at least 10 s of its betting window left (one nearly closed may close
 * before a busy machine has shown the bet form, seen under heavy load), and without the agent
 * `ownAgent`: the runner may seat a user's new agent at once, and its owner may not bet on it.
 */
async function announcedMatch(ownAgent: string): Promise<string> {
  for (let attempt = 0; attempt < 600; attempt++) {
    const response = await fetch(`${server.origin}/api/matches?status=scheduled`);
    const { items } = matchListResponseSchema.parse(await response.json());
    const open = items.find(
      (match) =>
        match.startsAt !== undefined &&
        Date.parse(match.startsAt) - Date.now() > 10_000 &&
        !match.players.some((player) => player.name === ownAgent),
    );
    if (open) return open.id;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('no match was announced with time left to bet');
}

describe('betting and earnings in the browser', () => {
  it('creates an agent, bets on an announced match and sees the balance settle', async () => {
    const page = await signedInPage();
    await page.goto('/agents/mine');
    const agentName = `E2E Bot ${Date.now() % 10_000}`;
    await page.getByLabel('Name').fill(agentName);
    await page.getByRole('button', { name: 'Create agent' }).click();
    await page.getByTestId('my-agent').first().waitFor();

    await page.goto(`/games/sessions/${await announcedMatch(agentName)}`);
    // More than 10 s before its first move: the move list says so instead of showing nothing.
    expect(await page.getByTestId('no-moves').textContent()).toBe(
      'No moves yet: the first comes when the match starts.',
    );
    await page.getByLabel('Points').fill('100');
    await page.getByRole('button', { name: 'Place bet' }).click();
    await expect.poll(() => headerBalance(page), { timeout: 10_000 }).toBe(900);
    // The pools are a refetch of their own after the bet, beside the balance's: either may land first.
    await expect
      .poll(() => page.getByTestId('pool-first').textContent(), { timeout: 10_000 })
      .toBe('100');
    // The match plays out and the bet settles: whatever the outcome, the balance is 900 plus what
    // the bet shows it paid back (nothing when lost, the stake when refunded).
    await page.getByText(/: (won|lost|refunded)/).waitFor({ timeout: 100_000 });
    expect(await page.locator('.move-list li').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('no-moves').count()).toBe(0);
    const settledText = (await page.getByLabel('Your bets').textContent()) ?? '';
    const status = /: (won|lost|refunded)/.exec(settledText)?.[1];
    const payout = Number((/\(([\d,]+) back\)/.exec(settledText)?.[1] ?? '0').replace(/\D/g, ''));
    if (status === 'lost') expect(payout).toBe(0);
    else if (status === 'refunded') expect(payout).toBe(100);
    else expect(payout).toBeGreaterThan(0);
    await expect.poll(() => headerBalance(page), { timeout: 10_000 }).toBe(900 + payout);
    // and the server's own figure, not only the header's
    const me = await page.request.get(`${server.origin}/api/me`);
    expect((await me.json()).userInfo.balance).toBe(900 + payout);
  });

  it('tells an owner on the watch page that they cannot bet on their agent’s match, and the server refuses it', async () => {
    const page = await signedInPage();
    const created = await page.request.post(`${server.origin}/api/agents`, {
      data: {
        name: `Own Bot ${Date.now() % 10_000}`,
        traits: { skill: 3, style: 'balanced', risk: 0.5, thinkTimeMs: 200 },
      },
    });
    expect(created.status()).toBe(201);
    const { id: agentId } = (await created.json()) as { id: string };
    const adminPage = await signedInPage(admin);
    const started = await adminPage.request.post(`${server.origin}/api/admin/matches`, {
      data: { game: 'connect4', firstAgentId: agentId, secondAgentId: 'pip' },
    });
    expect(started.status()).toBe(201);
    const { matchId } = (await started.json()) as { matchId: string };

    // The server is what refuses, to a request sent without the form; the panel then says so.
    const refusal =
      'You own an agent in this match, so you cannot bet on it: its result is in your hands.';
    const bet = await page.request.post(`${server.origin}/api/bets`, {
      data: { matchId, side: 'second', amount: 100, idempotencyKey: `own-${matchId}` },
    });
    expect(bet.status()).toBe(409);
    expect((await bet.json()).error).toBe(refusal);
    await page.goto(`/games/sessions/${matchId}`);
    expect(await page.getByTestId('own-agent-plays').textContent({ timeout: 30_000 })).toBe(
      refusal,
    );
    expect(await page.getByLabel('Points').count()).toBe(0);
    const me = await page.request.get(`${server.origin}/api/me`);
    expect((await me.json()).userInfo.balance).toBe(1000);
  });

  it('lets an admin grant points that the user then sees', async () => {
    const user = await signedInPage();
    const nickname = (await user.getByTestId('user-nickname').textContent()) ?? '';
    const adminPage = await signedInPage(admin);
    await adminPage.goto('/admin');
    await adminPage.getByLabel('Search users').fill(nickname);
    const row = adminPage.getByTestId('admin-user').filter({ hasText: nickname });
    await row.getByRole('button', { name: 'Grant or deduct' }).click();
    await adminPage.getByLabel('Points (negative deducts)').fill('250');
    await adminPage.getByLabel('Reason').fill('Welcome to the e2e');
    await adminPage.getByRole('button', { name: 'Apply' }).click();
    await adminPage.getByText('Balance changed').waitFor();
    await user.reload();
    await expect.poll(() => headerBalance(user), { timeout: 10_000 }).toBe(1250);
  });
});

import type { BrowserContext, Page } from 'playwright-core';
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts';
import { afterEach, describe, expect, it } from 'vitest';
import { BotClient } from '#scripts/bot/botClient.ts';
import { seriousAxeViolations } from './support/axe.ts';
import { VIEWPORTS } from './support/pages.ts';
import { signedInContext } from './support/signIn.ts';
import { serverAndBrowserForFile } from './support/suite.ts';

const admin = privateKeyToAccount(generatePrivateKey());
// The runner gives an online idle bot a match at its next sweep, on top of LIVE_MATCHES (with 0 the
// runner does not start at all); a short betting window and quick engine moves end it in seconds.
const harness = serverAndBrowserForFile({
  adminAddresses: [admin.address.toLowerCase()],
  env: { LIVE_MATCHES: '1', MOVE_DELAY_MS: '200', BETTING_WINDOW_MS: '5000' },
});
const contexts: BrowserContext[] = [];
const clients: BotClient[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) client.stop();
  for (const context of contexts.splice(0)) await context.close();
});

async function signedInPage(account?: PrivateKeyAccount): Promise<Page> {
  const { context, page } = await signedInContext(harness.browser, harness.server.origin, account);
  contexts.push(context);
  return page;
}

/** Registers a bot through the profile page's form; resolves with its id and its token. */
async function registerBot(page: Page, name: string): Promise<{ id: string; token: string }> {
  await page.goto('/profile');
  const form = page.getByRole('form', { name: 'Register a bot' });
  await form.getByLabel('Name', { exact: true }).fill(name);
  await form.getByLabel('Description (optional)').fill('Plays at random, for the e2e test.');
  // The e2e server runs Connect Four only.
  expect(await form.getByLabel('Connect Four').isChecked()).toBe(true);
  await form.getByRole('button', { name: 'Register bot' }).click();

  const notice = page.getByTestId('bot-token-notice');
  await notice.waitFor();
  expect(await notice.textContent()).toContain('it will not be shown again');
  const token = (await page.getByTestId('bot-token').textContent()) ?? '';
  expect(token).toMatch(/^gmb_[A-Za-z0-9_-]{43}$/);
  expect(await notice.locator('.bot-command').textContent()).toBe(
    `npm run bot -- --server ${harness.server.origin} --token ${token}`,
  );

  const item = page.getByTestId('my-bot').filter({ hasText: name });
  await item.waitFor();
  const href = (await item.getByRole('link', { name }).getAttribute('href')) ?? '';
  expect(href).toMatch(/^\/agents\/bot-/);
  return { id: href.slice('/agents/'.length), token };
}

describe('bring your own bot in the browser', () => {
  it('registers a bot on the profile page, its program plays with the token shown, and the watch page shows the match end', async () => {
    const page = await signedInPage();
    const name = `E2E Bot ${Date.now() % 100_000}`;
    const { id, token } = await registerBot(page, name);
    expect(await page.getByTestId('my-bot').getByTestId('bot-online').textContent()).toBe(
      'Offline',
    );

    const log: string[] = [];
    const client = new BotClient({
      server: harness.server.origin,
      token,
      engine: { kind: 'random' },
      log: (line) => log.push(line),
      matches: 1,
    });
    clients.push(client);
    const played = client.run();
    // Awaited below; until then a failure must not surface as an unhandled rejection.
    played.catch(() => undefined);

    // The reference bot logs each match it is given: "match <id>: connect4 against ...".
    let matchId: string | undefined;
    await expect
      .poll(
        () => {
          matchId = log
            .map((line) => /^match (\S+): connect4 against /.exec(line)?.[1])
            .find(Boolean);
          return matchId;
        },
        { timeout: 30_000, interval: 100 },
      )
      .toBeDefined();

    // While it plays (the match is announced for 5 s first) the bot is online.
    await page.goto(`/agents/${id}`);
    const botLine = page.getByTestId('agent-bot');
    await botLine.waitFor();
    expect(await botLine.textContent()).toMatch(/^Bot\s*Online$/);
    // Its page lists the match it plays, linking to its watch page.
    const listed = page
      .getByTestId('agent-matches')
      .locator(`a[href="/games/sessions/${matchId}"]`);
    await listed.waitFor();
    expect(await listed.textContent()).toMatch(/ (against|with) /);

    await page.goto(`/games/sessions/${matchId}`);
    await page.getByRole('heading', { level: 1, name: new RegExp(name) }).waitFor();
    // How long the match lasts is its engine's: an agent of the roster thinks up to 8 s a move, on
    // the server's one search thread, which it shares with the runner's other match. A quiet
    // machine sees the end in seconds; one at load 12 missed it within 90 s once.
    const result = page.getByTestId('result');
    await result.waitFor({ timeout: 240_000 });
    expect(await result.textContent()).toMatch(/ won$|^Draw$/);
    // The bot's moves are judged after the bot has its answer: the verdicts came on the stream
    // (or with the moves loaded), and the move list shows them beside the bot's moves.
    const botVerdicts = page
      .locator('.move-list li')
      .filter({ hasText: `${name} →` })
      .getByTestId('verdict');
    expect(await botVerdicts.count()).toBeGreaterThan(0);
    await played;
    expect(log.some((line) => line.startsWith(`match ${matchId} over after `))).toBe(true);

    // The finished match counts in the bot's record on the profile page (at least it: the runner
    // may have seated the bot again in the moment before its program hung up).
    await page.goto('/profile');
    const item = page.getByTestId('my-bot').filter({ hasText: name });
    await expect
      .poll(
        async () => {
          const facts = (await item.textContent()) ?? '';
          const [wins, losses, draws] = (/(\d+) W \/ (\d+) L \/ (\d+) D/.exec(facts) ?? [])
            .slice(1)
            .map(Number);
          return (wins ?? 0) + (losses ?? 0) + (draws ?? 0);
        },
        { timeout: 10_000 },
      )
      .toBeGreaterThanOrEqual(1);
  }, 300_000);

  it('an admin suspends a bot from the admin page, its owner sees it, and the admin reinstates it', async () => {
    const owner = await signedInPage();
    const name = `Suspend Me ${Date.now() % 100_000}`;
    await registerBot(owner, name);

    const page = await signedInPage(admin);
    await page.goto('/admin');
    const row = page.getByRole('region', { name: 'Bots' }).getByTestId('admin-bot').filter({
      hasText: name,
    });
    await row.getByRole('button', { name: 'Suspend' }).click();
    await row.getByRole('button', { name: 'Reinstate' }).waitFor();
    expect(await row.textContent()).toContain('suspended');

    await owner.reload();
    const item = owner.getByTestId('my-bot').filter({ hasText: name });
    await item.getByTestId('bot-status').filter({ hasText: 'Suspended by an admin' }).waitFor();

    await row.getByRole('button', { name: 'Reinstate' }).click();
    await row.getByRole('button', { name: 'Suspend' }).waitFor();
    expect(await row.textContent()).toContain('active');
  });

  it('the token box and the bot list fit 360 px, with no serious axe violation, and retiring asks first', async () => {
    const page = await signedInPage();
    const name = `Narrow ${Date.now() % 100_000}`;
    await registerBot(page, name);
    await page.setViewportSize(VIEWPORTS.narrow);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    expect(await seriousAxeViolations(page)).toEqual([]);

    const item = page.getByTestId('my-bot').filter({ hasText: name });
    await item.getByRole('button', { name: 'Retire' }).click();
    await item.getByRole('button', { name: 'Yes, retire' }).click();
    await item.getByTestId('bot-status').filter({ hasText: 'Retired' }).waitFor();
    expect(await item.getByRole('button').count()).toBe(0);
  });
});

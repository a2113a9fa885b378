import type { BrowserContext } from 'playwright-core';
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
// The runner on, each game announced for a minute: the round's game stays open to bets meanwhile.
const harness = serverAndBrowserForFile({
  adminAddresses: [admin.address.toLowerCase()],
  env: { LIVE_MATCHES: '1', BETTING_WINDOW_MS: '60000' },
});
const contexts: BrowserContext[] = [];
afterEach(async () => {
  for (const context of contexts.splice(0)) await context.close();
});

describe('a tournament under way', () => {
  it('shows the current round’s game with a link to watch and bet on it, at 360 px', async () => {
    const { context, page: adminPage } = await signedInContext(
      harness.browser,
      harness.server.origin,
      admin,
    );
    contexts.push(context);
    const body: CreateTournamentBody = {
      game: 'connect4',
      format: 'round-robin',
      startsAt: new Date(Date.now() + 3_000).toISOString(),
      entryFee: 0,
      housePrize: 100,
      entrantLimit: 4,
      thinkTimeMs: 100,
      prizeTable: [100],
    };
    const { tournamentId } = (await postFrom(adminPage, '/api/admin/tournaments', body)) as {
      tournamentId: string;
    };
    const response = await fetch(`${harness.server.origin}/api/agents?game=connect4`);
    const { items } = (await response.json()) as { items: { id: string; name: string }[] };
    const [first, second] = items;
    if (!first || !second) throw new Error('two Connect Four agents are needed');
    for (const agent of [first, second]) {
      await postFrom(adminPage, `/api/tournaments/${tournamentId}/entrants`, { agentId: agent.id });
    }

    const visitorContext = await newIsolatedContext(
      harness.browser,
      harness.server.origin,
      VIEWPORTS.narrow,
    );
    contexts.push(visitorContext);
    const visitor = await visitorContext.newPage();
    // Opened before the start and never reloaded: the runner starts it at its first sweep after
    // the start (sweeps are 2 s apart) and the round's event brings its game onto the page (the
    // fallback poll, a minute apart, is only for a stream that is down).
    await visitor.goto(`/games/tournaments/${tournamentId}`);
    await waitForPageReady(visitor);
    const link = visitor.getByTestId('round-game-row').getByRole('link', { name: 'Watch and bet' });
    await link.waitFor({ timeout: 45_000 });
    await visitor.getByRole('heading', { level: 2, name: 'Current round' }).waitFor();
    const row = (await visitor.getByTestId('round-game-row').textContent()) ?? '';
    expect(row).toContain(first.name);
    expect(row).toContain(second.name);
    const href = (await link.getAttribute('href')) ?? '';
    expect(href).toMatch(/^\/games\/sessions\/[0-9a-f-]{36}$/);
    expect(await seriousAxeViolations(visitor)).toEqual([]);
    expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      VIEWPORTS.narrow.width,
    );

    // The link leads to the game's own page, announced and taking bets.
    await link.focus();
    await visitor.keyboard.press('Enter');
    await visitor.waitForURL((url) => url.pathname === href);
    const matchId = href.split('/').at(-1);
    const match = (await (
      await fetch(`${harness.server.origin}/api/matches/${matchId}`)
    ).json()) as { status: string };
    expect(match.status).toBe('scheduled');
  }, 120_000);
});

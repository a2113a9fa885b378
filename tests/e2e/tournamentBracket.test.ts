import type { BrowserContext, Page } from 'playwright-core';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterEach, describe, expect, it } from 'vitest';
import type { CreateTournamentBody } from '#core/protocol/tournaments.ts';
import { type TournamentDetail, tournamentDetailSchema } from '#core/protocol/tournamentViews.ts';
import { seriousAxeViolations } from './support/axe.ts';
import { newIsolatedContext } from './support/browser.ts';
import { VIEWPORTS, waitForPageReady } from './support/pages.ts';
import { postFrom } from './support/postFrom.ts';
import { waitForServiceWorkerControl } from './support/pwa.ts';
import { readSavedQueries } from './support/savedQueries.ts';
import { signedInContext } from './support/signIn.ts';
import { serverAndBrowserForFile } from './support/suite.ts';

const admin = privateKeyToAccount(generatePrivateKey());
// The runner on at a brisk pace, no betting window: a knockout of four plays out in a minute.
const harness = serverAndBrowserForFile({
  adminAddresses: [admin.address.toLowerCase()],
  env: { LIVE_MATCHES: '1', BETTING_WINDOW_MS: '0', MOVE_DELAY_MS: '20' },
});
const contexts: BrowserContext[] = [];
afterEach(async () => {
  for (const context of contexts.splice(0)) await context.close();
});

/** A Connect Four knockout of four built-in agents starting in a few seconds; its id. */
async function knockoutOfFour(): Promise<string> {
  const { context, page } = await signedInContext(harness.browser, harness.server.origin, admin);
  contexts.push(context);
  const body: CreateTournamentBody = {
    game: 'connect4',
    format: 'knockout',
    startsAt: new Date(Date.now() + 5_000).toISOString(),
    entryFee: 0,
    housePrize: 100,
    entrantLimit: 4,
    thinkTimeMs: 100,
    prizeTable: [70, 30],
  };
  const { tournamentId } = (await postFrom(page, '/api/admin/tournaments', body)) as {
    tournamentId: string;
  };
  const response = await fetch(`${harness.server.origin}/api/agents?game=connect4`);
  const { items } = (await response.json()) as { items: { id: string }[] };
  if (items.length < 4) throw new Error('four Connect Four agents are needed');
  for (const agent of items.slice(0, 4)) {
    await postFrom(page, `/api/tournaments/${tournamentId}/entrants`, { agentId: agent.id });
  }
  return tournamentId;
}

/** The bracket as the page draws it: per column, each tie's entrants and who went through. */
function readBracket(page: Page) {
  return page.getByTestId('bracket').evaluate((bracket) =>
    [...bracket.querySelectorAll('.bracket-round')].map((column) =>
      [...column.querySelectorAll('[data-testid="bracket-tie"]')].map((tie) => ({
        entrants: [...tie.querySelectorAll(':scope > div:not(.bracket-games)')].map((entrant) =>
          (entrant.firstChild?.textContent ?? '').trim(),
        ),
        through: [...tie.querySelectorAll(':scope > .bracket-winner')].map((entrant) =>
          (entrant.firstChild?.textContent ?? '').trim(),
        ),
        games: [...tie.querySelectorAll('.bracket-games a')].map(
          (link) => link.getAttribute('href') ?? '',
        ),
      })),
    ),
  );
}

async function detailOf(id: string): Promise<TournamentDetail> {
  const response = await fetch(`${harness.server.origin}/api/tournaments/${id}`);
  return tournamentDetailSchema.parse(await response.json());
}

describe('a knockout in the browser', () => {
  it('follows it live to the end, draws its bracket at 360 px (axe clean), and reads it offline', async () => {
    const id = await knockoutOfFour();
    const context = await newIsolatedContext(
      harness.browser,
      harness.server.origin,
      VIEWPORTS.narrow,
    );
    contexts.push(context);
    const page = await context.newPage();
    const stream = page.waitForRequest((request) =>
      request.url().endsWith(`/api/tournaments/${id}/events`),
    );
    await page.goto(`/games/tournaments/${id}`);
    await waitForPageReady(page);
    // Opened before the end, whether before the start (5 s after it was created) or, on a
    // slow machine, just after: every later round comes in over the stream either way.
    expect(['Open for entries', 'Being played']).toContain(
      await page.getByTestId('tournament-status').textContent(),
    );
    await stream;
    await waitForServiceWorkerControl(page);

    // Never reloaded: the stream's events bring every round in.
    const status = page.getByTestId('tournament-status');
    await expect
      .poll(() => status.textContent(), { timeout: 150_000, interval: 500 })
      .toBe('Finished');
    const detail = await detailOf(id);
    const names = new Map(detail.entrants.map((entrant) => [entrant.agentId, entrant.name]));
    const champion = detail.standings.find((row) => row.place === 1);
    await page.getByRole('heading', { level: 2, name: 'Bracket' }).waitFor();

    const bracket = await readBracket(page);
    expect(bracket.map((column) => column.length)).toEqual([2, 1]);
    const [semis = [], [final] = []] = bracket;
    // Four entrants meet once each in the semi-finals; each tie sends one through, to the final.
    expect(new Set(semis.flatMap((tie) => tie.entrants))).toEqual(new Set(names.values()));
    for (const tie of [...semis, final]) {
      expect(tie?.entrants).toHaveLength(2);
      expect(tie?.through).toHaveLength(1);
      expect(tie?.entrants).toContain(tie?.through[0]);
      expect(tie?.games.length).toBeGreaterThan(0);
      for (const href of tie?.games ?? [])
        expect(href).toMatch(/^\/games\/sessions\/[0-9a-f-]{36}$/);
    }
    expect(new Set(final?.entrants)).toEqual(new Set(semis.map((tie) => tie.through[0])));
    expect(final?.through).toEqual([champion?.name]);
    // The one going through is told without colour too.
    expect(await page.getByTestId('bracket').getByText('(through)').count()).toBe(3);
    expect(await seriousAxeViolations(page)).toEqual([]);
    // The bracket scrolls sideways in its own box; the page itself never does.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      VIEWPORTS.narrow.width,
    );

    // Saved with the query cache once seen finished; then read with no network at all.
    await expect
      .poll(
        async () => {
          const saved = (await readSavedQueries(page)).find(
            (query) => JSON.stringify(query.queryKey) === JSON.stringify(['tournament', id]),
          );
          return (saved?.data as TournamentDetail | undefined)?.tournament.status;
        },
        { timeout: 30_000 },
      )
      .toBe('finished');
    await context.setOffline(true);
    await page.reload();
    await page.getByTestId('offline-notice').waitFor();
    await page.getByRole('heading', { level: 2, name: 'Bracket' }).waitFor();
    expect(await page.getByTestId('tournament-status').textContent()).toBe('Finished');
    expect(await readBracket(page)).toEqual(bracket);
    expect(await page.getByTestId('standing-row').count()).toBe(4);
  }, 240_000);
});

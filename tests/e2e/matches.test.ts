import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { matchListResponseSchema } from '#core/protocol/matches.ts';
import { newIsolatedContext } from './support/browser.ts';
import { heldBotMatch } from './support/heldBotMatch.ts';
import { matchWithStatus } from './support/matches.ts';
import { serverAndBrowserForFile } from './support/suite.ts';

// Quick pacing so matches move and finish in the test; a bot's move may wait on the test.
const suite = serverAndBrowserForFile({
  env: {
    LIVE_MATCHES: '2',
    MOVE_DELAY_MS: '150',
    BETTING_WINDOW_MS: '0',
    BOT_MOVE_TIMEOUT_MS: '300000',
  },
});
let context: BrowserContext;
let page: Page;
beforeEach(async () => {
  context = await newIsolatedContext(suite.browser, suite.server.origin, {
    width: 360,
    height: 740,
  });
  page = await context.newPage();
});
afterEach(async () => {
  await context.close();
});

async function moveCount(page: Page): Promise<number> {
  const text = (await page.getByTestId('move-count').textContent()) ?? '';
  return Number(/\d+/.exec(text)?.[0] ?? Number.NaN);
}

describe('live matches in the browser', () => {
  it('updates Active Games in place without a reload', async () => {
    // A match whose next move comes when the test plays it: a runner's match may finish and leave
    // the live list before the page shows it (CI once took the first card and saw it vanish).
    const held = await heldBotMatch(suite.server.origin);
    try {
      await page.goto('/games/sessions');
      const same = page.locator(
        `[aria-label="Live matches"] .match-card[data-match-id="${held.matchId}"]`,
      );
      await same.waitFor();
      const before = (await same.getAttribute('data-moves')) ?? '';
      await page.evaluate(() => {
        (window as unknown as { notReloaded: boolean }).notReloaded = true;
      });
      await held.playTurn();
      await expect
        .poll(async () => ((await same.getAttribute('data-moves')) ?? '').length)
        .toBeGreaterThan(before.length);
      expect(
        await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded),
      ).toBe(true);
    } finally {
      held.release();
    }
  });

  it('shows moves arriving live on the watch page, with reasons and spectators', async () => {
    // A match near its end may finish before another move arrives (CI once opened one at move
    // 13 that ended at 14), so watch one that has just begun, and take another if it still ends
    // before the page sees a move arrive.
    let start = Number.NaN;
    for (let attempt = 1; ; attempt++) {
      const id = await matchWithStatus(suite.server.origin, 'live', 60_000, { maxMoves: 2 });
      await page.goto(`/games/sessions/${id}`);
      await page.getByTestId('move-count').waitFor();
      start = await moveCount(page);
      await expect
        .poll(
          async () =>
            (await moveCount(page)) > start || (await page.getByTestId('result').count()) > 0,
          {
            timeout: 60_000,
          },
        )
        .toBe(true);
      if ((await moveCount(page)) > start || attempt === 3) break;
    }
    expect(await moveCount(page)).toBeGreaterThan(start);
    expect(await page.locator('.move-list li').count()).toBeGreaterThan(start);
    expect(await page.getByTestId('evaluation').textContent()).toMatch(/played column [1-7]/);
    // Both player cards show their agent's traits, asked for by id (the leaderboard lists a top).
    expect(await page.locator('.player .traits').allTextContents()).toEqual([
      expect.stringMatching(/^Skill \d+\/10/),
      expect.stringMatching(/^Skill \d+\/10/),
    ]);
    await expect
      .poll(() => page.getByTestId('spectators').textContent())
      .toMatch(/^[1-9]\d* spectator/);
    // Stones and counter read in one step: moves land every 150 ms.
    const [pieces, counter] = await page.evaluate(() => [
      document.querySelectorAll('.board-large .piece').length,
      Number(
        /\d+/.exec(document.querySelector('[data-testid="move-count"]')?.textContent ?? '')?.[0],
      ),
    ]);
    expect(pieces).toBe(counter);
  });

  // Regression (issue 26): Chromium never retries an EventSource answered with an error status,
  // so a watch page refused by the stream caps froze on the moves it loaded.
  it('opens a refused event stream again and catches up with the match', async () => {
    // A held match: its move is played while the page has no stream, so the page must catch up
    // with it, whatever pace the runner's matches keep on a loaded machine.
    const held = await heldBotMatch(suite.server.origin);
    try {
      let refused = 0;
      let admitted = 0;
      let movePlayed!: () => void;
      const played = new Promise<void>((resolve) => {
        movePlayed = resolve;
      });
      await page.route(`**/api/matches/${held.matchId}/events*`, async (route) => {
        if (refused++ === 0) {
          return route.fulfill({
            status: 429,
            headers: { 'retry-after': '30' },
            contentType: 'application/json',
            body: JSON.stringify({ error: 'Too many event streams from this address.' }),
          });
        }
        await played;
        admitted++;
        return route.continue();
      });
      await page.goto(`/games/sessions/${held.matchId}`);
      await page.getByTestId('move-count').waitFor();
      const start = await moveCount(page);
      await expect.poll(() => refused).toBeGreaterThanOrEqual(1);
      await held.playTurn();
      movePlayed();
      // The stream comes back within 7.5 s, and with it the move the page missed.
      await expect.poll(() => moveCount(page), { timeout: 30_000 }).toBeGreaterThan(start);
      expect(admitted).toBeGreaterThanOrEqual(1);
    } finally {
      held.release();
    }
  });

  it('replays a finished match step by step and with play', async () => {
    let finishedId: string | undefined;
    await expect
      .poll(
        async () => {
          const response = await fetch(`${suite.server.origin}/api/matches?status=finished`);
          finishedId = matchListResponseSchema.parse(await response.json()).items[0]?.id;
          return finishedId;
        },
        { timeout: 200_000, interval: 500 },
      )
      .toBeDefined();
    await page.goto(`/games/sessions/${finishedId}`);
    await page.getByTestId('result').waitFor();
    const total = await moveCount(page);
    expect(total).toBeGreaterThanOrEqual(7);
    expect(await page.locator('.board-large .piece').count()).toBe(total);
    const result = (await page.getByTestId('result').textContent()) ?? '';
    if (result !== 'Draw')
      expect(await page.locator('.board-large .piece.winning').count()).toBe(4);

    await page.getByRole('button', { name: /Step back/ }).click();
    await page.getByRole('button', { name: /Step back/ }).click();
    expect(await moveCount(page)).toBe(total - 2);
    expect(await page.locator('.board-large .piece').count()).toBe(total - 2);

    await page.getByLabel('Speed').selectOption('4');
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    await expect.poll(() => moveCount(page), { timeout: 10_000 }).toBe(total);
    expect(await page.getByRole('button', { name: 'Play', exact: true }).isVisible()).toBe(true);
  }, 240_000);

  it("shows the server's verdicts in the move list and the caption, move by move in a replay", async () => {
    // The last move of a game is solved at once (a win on the board, or its last cell), and from
    // ply 9 (8 stones on the board) the solver is tried: a finished match this long ends on one.
    const finishedId = await matchWithStatus(suite.server.origin, 'finished', 200_000, {
      minMoves: 10,
    });
    await page.goto(`/games/sessions/${finishedId}`);
    await page.getByTestId('result').waitFor();
    const total = await moveCount(page);
    const caption = () => page.getByTestId('caption-verdict').textContent();
    // the list's word for a move, with the whole sentence the caption shows as its title
    const listed = (ply: number) =>
      page.locator(`.move-list [data-ply="${ply}"] [data-testid="verdict"]`);
    expect(await caption()).toMatch(
      /^(Best move|Good|Inaccuracy|Mistake|Blunder): .* with perfect play/,
    );
    expect(await listed(total).getAttribute('title')).toBe(await caption());
    expect(await caption()).toMatch(new RegExp(`^${await listed(total).textContent()}: `));
    await page.getByRole('button', { name: /Step back/ }).click();
    await expect.poll(() => moveCount(page)).toBe(total - 1);
    // the caption follows the move shown: its verdict, or none where that solve ran out of budget
    if ((await listed(total - 1).count()) > 0) {
      expect(await listed(total - 1).getAttribute('title')).toBe(await caption());
    } else expect(await page.getByTestId('caption-verdict').count()).toBe(0);
  }, 240_000);

  it("tells a finished match's story from its verdicts, each move a link into the replay", async () => {
    const finishedId = await matchWithStatus(suite.server.origin, 'finished', 200_000, {
      minMoves: 10,
    });
    await page.goto(`/games/sessions/${finishedId}`);
    await page.getByTestId('match-story').waitFor();
    // Each side's accuracy, counted here from the move list's own grades.
    const grades = await page.locator('.move-list [data-ply]').evaluateAll((items) =>
      items.map((item) => ({
        ply: Number(item.getAttribute('data-ply')),
        grade: item.querySelector('[data-testid="verdict"]')?.textContent ?? null,
      })),
    );
    for (const side of [1, 2] as const) {
      const mine = grades.filter(({ ply, grade }) => grade !== null && (ply - 1) % 2 === side - 1);
      const kept = mine.filter(({ grade }) => grade === 'Best move' || grade === 'Good').length;
      const text = await page.getByTestId(`story-accuracy-${side}`).textContent();
      expect(text).toBe(
        mine.length === 0
          ? 'no move judged'
          : `${Math.round((100 * kept) / mine.length)}% (${kept} of ${mine.length} judged ${mine.length === 1 ? 'move' : 'moves'} kept the value)`,
      );
    }
    // A link to a move opens the replay there, as the story's own links do.
    await page.goto(`/games/sessions/${finishedId}?move=3`);
    await expect.poll(() => moveCount(page)).toBe(3);
    const pointed = page.locator('[data-testid^="story-move-"]');
    if ((await pointed.count()) > 0) {
      const link = pointed.first();
      const ply = Number((await link.getAttribute('data-testid'))?.replace('story-move-', ''));
      await link.click();
      await expect.poll(() => moveCount(page)).toBe(ply);
      expect(new URL(page.url()).searchParams.get('move')).toBe(String(ply));
      // the move it names is a judged one that lost value
      expect(
        await page.locator(`.move-list [data-ply="${ply}"] [data-testid="verdict"]`).textContent(),
      ).toMatch(/Inaccuracy|Mistake|Blunder/);
    }
    // The first player's page counts this match's judged moves among its own in Connect Four.
    const detail = await (await fetch(`${suite.server.origin}/api/matches/${finishedId}`)).json();
    const judgedHere = grades.filter(({ ply, grade }) => grade !== null && ply % 2 === 1).length;
    await page.goto(`/agents/${detail.players[0].agentId}`);
    if (judgedHere > 0) {
      const text = (await page.getByTestId('accuracy-connect4').textContent()) ?? '';
      const [, percent, kept, judged] =
        /^Accuracy (\d+)%: (\d+) of (\d+) judged moves? kept the game’s value\.$/.exec(text) ?? [];
      expect(Number(judged)).toBeGreaterThanOrEqual(judgedHere);
      expect(Number(percent)).toBe(Math.round((100 * Number(kept)) / Number(judged)));
    }
  }, 240_000);
});

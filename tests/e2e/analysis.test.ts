import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { analyzeColumns } from '#core/games/connect4/analyzeColumns.ts';
import { Connect4Position } from '#core/games/connect4/position.ts';
import { Solver } from '#core/games/connect4/solver.ts';
import { matchListResponseSchema } from '#core/protocol/matches.ts';
import { matchDetailSchema } from '#core/protocol/matchMoves.ts';
import { columnVerdict } from '#src/features/matches/analysis/analyzePosition.ts';
import { bestColumnsText, verdictText } from '#src/features/matches/analysis/verdictText.ts';
import { seriousAxeViolations } from './support/axe.ts';
import { newIsolatedContext } from './support/browser.ts';
import { waitForServiceWorkerControl } from './support/pwa.ts';
import { serverAndBrowserForFile } from './support/suite.ts';

// Quick Connect Four matches, so finished ones with many moves exist within seconds.
const suite = serverAndBrowserForFile({
  env: { LIVE_MATCHES: '2', MOVE_DELAY_MS: '100', BETTING_WINDOW_MS: '0' },
});
let context: BrowserContext | undefined;
afterEach(async () => {
  await context?.close();
  context = undefined;
});

// From this many moves on, every column of a position solves in well under a second.
const LATE_PLY = 20;

/** A finished Connect Four match long enough to hold a late position, and its move list. */
async function longFinishedMatch(): Promise<{ id: string; moves: string }> {
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    const response = await fetch(
      `${suite.server.origin}/api/matches?status=finished&game=connect4`,
    );
    const match = matchListResponseSchema
      .parse(await response.json())
      .items.find((item) => item.plies > LATE_PLY + 1);
    if (match) {
      const detail = await fetch(`${suite.server.origin}/api/matches/${match.id}`);
      return { id: match.id, moves: matchDetailSchema.parse(await detail.json()).moves };
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no finished Connect Four match of over ${LATE_PLY + 1} moves`);
}

/** The watch page of `id` with the service worker in control, then cut off from the network. */
async function offlineWatchPage(id: string): Promise<Page> {
  context = await newIsolatedContext(suite.browser, suite.server.origin);
  const page = await context.newPage();
  await page.goto(`/games/sessions/${id}`);
  await page.getByTestId('result').waitFor();
  await waitForServiceWorkerControl(page);
  await context.setOffline(true);
  await page.getByTestId('offline-notice').waitFor();
  return page;
}

/** Shows the position after `ply` moves with the replay's scrubber. */
async function showMove(page: Page, ply: number): Promise<void> {
  await page.getByRole('slider', { name: 'Move' }).fill(String(ply));
  await expect.poll(() => page.getByTestId('move-count').textContent()).toBe(`Move ${ply}`);
}

const askButton = (page: Page) =>
  page.getByRole('button', { name: 'What does perfect play say here?' });

/** What the solver says of the position after `moves`, as the page should word it. */
function expectedAnalysis(moves: string): { lines: string[]; best: string } {
  const scores = analyzeColumns(
    new Solver({ log2TableSize: 20 }),
    Connect4Position.fromMoves(moves),
  );
  const top = Math.max(...scores.map((score) => score ?? Number.NEGATIVE_INFINITY));
  const best = scores.flatMap((score, index) => (score === top ? [index + 1] : []));
  return {
    lines: scores.map((score, index) => {
      const verdict = verdictText(columnVerdict(index + 1, score, moves.length));
      return `Column ${index + 1}: ${verdict}${best.includes(index + 1) ? ' (best)' : ''}`;
    }),
    best: bestColumnsText(best),
  };
}

/** Whether WebAssembly compiles here: an empty module, run inside the page's worker. */
function compilesWebAssembly(): boolean {
  try {
    new WebAssembly.Module(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0]));
    return true;
  } catch {
    return false;
  }
}

describe('Connect Four analysis on the watch page', () => {
  it('offline, solves the shown position in a worker and shows every column as the solver does', async () => {
    const { id, moves } = await longFinishedMatch();
    const page = await offlineWatchPage(id);
    // The worker script was never fetched online: offline, only the precache can serve it.
    const ply = moves.length - 1;
    await showMove(page, ply);
    // By keyboard: focus the button and press Enter.
    await askButton(page).focus();
    await page.keyboard.press('Enter');
    const result = page.getByTestId('analysis-result');
    await result.waitFor({ timeout: 60_000 });

    const expected = expectedAnalysis(moves.slice(0, ply));
    const list = page.getByRole('list', { name: /^Every column for / });
    expect(await list.getByRole('listitem').allTextContents()).toEqual(expected.lines);
    expect(await page.getByTestId('analysis-best').textContent()).toBe(expected.best);
    // The best columns are marked in words and in the list's style.
    expect(await list.locator('li.best').count()).toBe(
      expected.lines.filter((line) => line.endsWith('(best)')).length,
    );
    expect(await seriousAxeViolations(page)).toEqual([]);
    // The worker may compile WebAssembly under the page's policy ('wasm-unsafe-eval'), so
    // createSolver gave it the WebAssembly solver; without it, it falls back to the TypeScript one.
    const [worker] = page.workers();
    expect(await worker?.evaluate(compilesWebAssembly)).toBe(true);

    // Another move shown: the result is gone, the question can be asked again.
    await showMove(page, ply - 1);
    expect(await result.count()).toBe(0);
    await askButton(page).click();
    await result.waitFor({ timeout: 60_000 });
    expect(await list.getByRole('listitem').allTextContents()).toEqual(
      expectedAnalysis(moves.slice(0, ply - 1)).lines,
    );
  });

  it('stops a long analysis of an early position, and the page goes on working', async () => {
    const { id, moves } = await longFinishedMatch();
    const page = await offlineWatchPage(id);
    await showMove(page, 2);
    await askButton(page).click();
    const progress = page.getByTestId('analysis-progress');
    await progress.waitFor();
    expect(await progress.textContent()).toMatch(
      /^Solving the position after move 2: \d of 7 columns done/,
    );
    await expect.poll(() => page.workers().length).toBe(1);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Stop' }).click();
    await page.getByText(/^Stopped after \d of 7 columns\.$/).waitFor();
    expect(await progress.count()).toBe(0);
    // Stopping terminates the worker rather than leaving it to solve in the background.
    await expect
      .poll(() => page.workers().map((worker) => worker.url()), { timeout: 10_000 })
      .toEqual([]);

    // The replay still moves, and a new question gets a fresh worker and its answer.
    const ply = moves.length - 1;
    await showMove(page, ply);
    await askButton(page).click();
    await page.getByTestId('analysis-result').waitFor({ timeout: 60_000 });
    expect(
      await page
        .getByRole('list', { name: /^Every column for / })
        .getByRole('listitem')
        .allTextContents(),
    ).toEqual(expectedAnalysis(moves.slice(0, ply)).lines);
  });
});

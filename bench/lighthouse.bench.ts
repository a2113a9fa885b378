/**
 * Lighthouse (mobile preset: Moto G Power viewport, slow 4G and 4× CPU, simulated) on the built
 * client served by a real server on loopback, for every public page: `/`, the games, Active
 * Games, a finished match's watch page, the tournaments and one of them, the agents and one of
 * them, and the four pages about us. Prints the four category scores per page and, for each category
 * under 100, the audits that cost points. Needs `npm run build`. Chromium resolves no host but
 * localhost, so neither the page nor Lighthouse reaches the outside world.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import { tournamentListSchema } from '#core/protocol/tournamentViews.ts';
import { figureRowReport } from '#scripts/figuresTable.ts';
import { matchWithStatus } from '#tests/e2e/support/matches.ts';
import { startServer } from '#tests/e2e/support/server.ts';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const METRICS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
] as const;

const percent = (score: number | null) => (score === null ? '–' : String(Math.round(score * 100)));

type Audit = Result['audits'][string];

/** The first few things an audit lists (a console message, an issue type, a URL): the why. */
function itemsOf(audit: Audit): string {
  const details = audit.details as { items?: Record<string, unknown>[] } | undefined;
  const items = (details?.items ?? [])
    .slice(0, 3)
    .map((item) => item.description ?? item.issueType ?? item.url ?? '')
    .filter((text): text is string => typeof text === 'string' && text !== '');
  return items.length > 0 ? ` [${items.join(' | ')}]` : '';
}

/** The weighted audits of a category that did not pass, with Lighthouse's own figure. */
function auditsBelowFull(result: Result, category: (typeof CATEGORIES)[number]): string[] {
  return (result.categories[category]?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0)
    .map((ref) => result.audits[ref.id])
    .filter(
      (audit): audit is Audit => audit !== undefined && audit.score !== null && audit.score < 1,
    )
    .map((audit) => {
      const figure = audit.displayValue ? `, ${audit.displayValue}` : '';
      const why = category === 'performance' ? '' : itemsOf(audit);
      return `${audit.id} (${percent(audit.score)}${figure})${why}`;
    });
}

/** Performance opportunities Lighthouse estimates savings for, largest first. */
function opportunities(result: Result): string[] {
  return Object.values(result.audits)
    .filter(
      (audit) => audit.details?.type === 'opportunity' && audit.score !== null && audit.score < 1,
    )
    .sort((a, b) => (b.numericValue ?? 0) - (a.numericValue ?? 0))
    .map((audit) => `${audit.id}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
}

/**
 * One Lighthouse run in a Chromium of its own, as the Lighthouse CLI does. A shared browser
 * carries the previous page's saved query cache into the next run (the app saves it on
 * `pagehide`, and that write can land after Lighthouse clears the origin's storage), so /agents
 * then painted a cached leaderboard and re-sorted it when fresh ratings came: a returning
 * visitor's layout shift measured as a first visit's.
 */
async function lighthouseRun(url: string): Promise<Result> {
  const chrome = await chromeLauncher.launch({
    chromePath: '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      // Every name but localhost fails to resolve: no request leaves the machine.
      '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost',
    ],
  });
  try {
    const runner = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
    });
    if (!runner?.lhr) throw new Error(`Lighthouse returned nothing for ${url}`);
    return runner.lhr;
  } finally {
    chrome.kill();
  }
}

export default async function lighthouseBench(): Promise<void> {
  // Moves at the production pace (a faster one floods the live pages with renders and inflates
  // blocking time); no betting window, so a match is finished by the time the watch page's turn
  // comes.
  process.env.LIVE_MATCHES = '2';
  delete process.env.MOVE_DELAY_MS;
  process.env.BETTING_WINDOW_MS = '0';
  // The built-in schedule, so a tournament page has one to show.
  const server = await startServer({ env: { TOURNAMENT_SCHEDULE: 'on' } });
  // For the FIGURES.md rows: each page's performance score, the largest layout shift, and any
  // score below 100 in the other three categories.
  const performanceScores: string[] = [];
  const layoutShifts: number[] = [];
  const othersBelowFull: string[] = [];
  try {
    const finishedMatch = async () =>
      `/games/sessions/${await matchWithStatus(server.origin, 'finished', 180_000)}`;
    const aTournament = async () => {
      const list = tournamentListSchema.parse(
        await (await fetch(`${server.origin}/api/tournaments`)).json(),
      );
      const tournament = [...list.live, ...list.upcoming, ...list.finished][0];
      if (!tournament) throw new Error('the schedule made no tournament');
      return `/games/tournaments/${tournament.id}`;
    };
    const pages: (string | (() => Promise<string>))[] = [
      '/',
      '/games',
      '/games/sessions',
      finishedMatch,
      '/games/tournaments',
      aTournament,
      '/agents',
      '/agents/oracle',
      '/about-us',
      '/contact',
      '/privacy-policy',
      '/terms-of-use',
    ];
    for (const page of pages) {
      const path = typeof page === 'string' ? page : await page();
      const result = await lighthouseRun(`${server.origin}${path}`);
      const scores = CATEGORIES.map(
        (category) => `${category} ${percent(result.categories[category]?.score ?? null)}`,
      );
      console.log(
        `${path.startsWith('/games/sessions/') ? '/games/sessions/:id (finished)' : path}: ${scores.join(', ')}`,
      );
      const metrics = METRICS.map((id) => `${id} ${result.audits[id]?.displayValue ?? '–'}`);
      console.log(`  metrics: ${metrics.join(', ')}`);
      for (const category of CATEGORIES) {
        const lost = auditsBelowFull(result, category);
        if (lost.length > 0) console.log(`  ${category} lost on: ${lost.join('; ')}`);
      }
      const savings = opportunities(result);
      if (savings.length > 0) console.log(`  opportunities: ${savings.join('; ')}`);
      if (result.runtimeError) console.log(`  runtime error: ${result.runtimeError.message}`);
      const label =
        page === finishedMatch
          ? 'a finished watch page'
          : page === aTournament
            ? 'a tournament'
            : `\`${path}\``;
      performanceScores.push(`${label} ${percent(result.categories.performance?.score ?? null)}`);
      layoutShifts.push(result.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN);
      for (const category of CATEGORIES.filter((each) => each !== 'performance')) {
        const score = percent(result.categories[category]?.score ?? null);
        if (score !== '100') othersBelowFull.push(`${label} ${category} ${score}`);
      }
    }
    console.log(
      figureRowReport({
        figure: 'Lighthouse performance, every public page, mobile',
        target: '≥ 95',
        value: `${performanceScores.join(', ')}; layout shift ${Number(Math.max(...layoutShifts).toFixed(3))}`,
        command: '`npm run bench -- lighthouse`',
      }),
    );
    console.log(
      figureRowReport({
        figure: 'Lighthouse accessibility, best practices, SEO',
        target: '100',
        value: othersBelowFull.length === 0 ? '100 on every page' : othersBelowFull.join(', '),
        command: '`npm run bench -- lighthouse`',
      }),
    );
  } finally {
    await server.stop();
  }
}

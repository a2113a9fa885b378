/**
 * The main thread's long tasks on the four pages Lighthouse benches (`/`, `/games/sessions`, a
 * finished match's watch page, `/agents`), measured in a way the machine's load does not move.
 *
 * Lighthouse's blocking time is each task's observed wall time times four, so on a shared
 * two-core machine it mostly measures the other processes. Here each page loads unthrottled in a
 * fresh context (a phone's viewport, no saved cache) under a Chromium trace, and each top-level
 * task is reported with its thread time (CPU the main thread itself spent, which descheduling
 * does not add to) and its wall time, both times four. Prints, per run, the tasks whose CPU time
 * times four passes 50 ms with what ran in them, and the blocking time both ways. Needs
 * `npm run build`.
 */
import { loadavg } from 'node:os';
import type { CDPSession } from 'playwright-core';
import { figureRange, figureRowReport } from '#scripts/figuresTable.ts';
import { launchBrowser } from '#tests/e2e/support/browser.ts';
import { matchWithStatus } from '#tests/e2e/support/matches.ts';
import { startServer } from '#tests/e2e/support/server.ts';

const RUNS_PER_PAGE = 3;
const CPU_SLOWDOWN = 4;
const LONG_TASK_MS = 50;
/** Trace events that say what a task ran. */
const WORK = new Set([
  'v8.evaluateModule',
  'EvaluateScript',
  'FunctionCall',
  'TimerFire',
  'RunMicrotasks',
  'EventDispatch',
  'ParseHTML',
  'ParseAuthorStyleSheet',
  'UpdateLayoutTree',
  'Layout',
  'Paint',
]);

type TraceEvent = {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string; data?: Record<string, unknown> };
};

async function readTrace(cdp: CDPSession): Promise<TraceEvent[]> {
  const complete = new Promise<{ stream?: string }>((resolve) =>
    cdp.once('Tracing.tracingComplete', resolve),
  );
  await cdp.send('Tracing.end');
  const { stream } = await complete;
  if (!stream) throw new Error('the trace came without a stream');
  let text = '';
  for (;;) {
    const chunk = await cdp.send('IO.read', { handle: stream });
    text += chunk.data;
    if (chunk.eof) break;
  }
  const parsed = JSON.parse(text) as TraceEvent[] | { traceEvents: TraceEvent[] };
  return Array.isArray(parsed) ? parsed : parsed.traceEvents;
}

/** The complete events of the page's renderer main thread (the process that loaded `origin`). */
function pageMainThread(events: readonly TraceEvent[], origin: string): TraceEvent[] {
  // The renderer that committed the page's navigation (tracing starts on about:blank).
  const pagePids = new Set(
    events
      .filter((event) => event.name === 'CommitLoad')
      .filter((event) => String(event.args?.data?.url ?? '').startsWith(origin))
      .map((event) => event.pid),
  );
  const main = events.find(
    (event) =>
      event.name === 'thread_name' &&
      event.args?.name === 'CrRendererMain' &&
      pagePids.has(event.pid),
  );
  if (!main) throw new Error(`no renderer main thread loaded ${origin}`);
  return events.filter((event) => event.pid === main.pid && event.tid === main.tid);
}

/** The two largest kinds of work inside `task`, in CPU ms times four. */
function contents(task: TraceEvent, thread: readonly TraceEvent[]): string {
  const end = task.ts + (task.dur ?? 0);
  const spent = new Map<string, number>();
  for (const event of thread) {
    if (!WORK.has(event.name) || event.ts < task.ts || event.ts + (event.dur ?? 0) > end) continue;
    const url = String(event.args?.data?.url ?? '')
      .split('/')
      .pop();
    const what = url ? `${event.name} ${url}` : event.name;
    spent.set(what, (spent.get(what) ?? 0) + (event.tdur ?? event.dur ?? 0));
  }
  return [...spent]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 2)
    .map(([what, us]) => `${what} ${Math.round((us / 1000) * CPU_SLOWDOWN)}`)
    .join(', ');
}

const blockingMs = (durationsMs: readonly number[]) =>
  Math.round(durationsMs.reduce((sum, ms) => sum + Math.max(0, ms - LONG_TASK_MS), 0));

export default async function longTasksBench(): Promise<void> {
  // The same server set-up as the Lighthouse bench: production pace, finished matches soon.
  process.env.LIVE_MATCHES = '2';
  delete process.env.MOVE_DELAY_MS;
  process.env.BETTING_WINDOW_MS = '0';
  const server = await startServer();
  const browser = await launchBrowser();
  // The largest task of each run, CPU ms times four: the FIGURES.md row's range.
  const largestMs: number[] = [];
  try {
    const finishedMatch = async () =>
      `/games/sessions/${await matchWithStatus(server.origin, 'finished', 180_000)}`;
    for (const page of ['/', '/games/sessions', finishedMatch, '/agents']) {
      const path = typeof page === 'string' ? page : await page();
      const name = typeof page === 'string' ? page : '/games/sessions/:id (finished)';
      for (let run = 1; run <= RUNS_PER_PAGE; run++) {
        const context = await browser.newContext({
          viewport: { width: 412, height: 823 },
          isMobile: true,
          hasTouch: true,
        });
        const tab = await context.newPage();
        const cdp = await context.newCDPSession(tab);
        await cdp.send('Tracing.start', {
          categories: 'devtools.timeline,disabled-by-default-devtools.timeline,v8.execute',
          transferMode: 'ReturnAsStream',
        });
        await tab.goto(`${server.origin}${path}`, { waitUntil: 'load' });
        // Long enough for the data, its render and the saved cache's restore.
        await tab.waitForTimeout(4000);
        const thread = pageMainThread(await readTrace(cdp), server.origin);
        await context.close();
        const tasks = thread.filter((event) => event.name === 'RunTask' && event.ph === 'X');
        const cpuMs = (task: TraceEvent) => ((task.tdur ?? 0) / 1000) * CPU_SLOWDOWN;
        const wallMs = (task: TraceEvent) => ((task.dur ?? 0) / 1000) * CPU_SLOWDOWN;
        const long = tasks.filter((task) => cpuMs(task) > LONG_TASK_MS);
        const [oneMinuteLoad = 0] = loadavg();
        console.log(
          `${name} run ${run} (load ${oneMinuteLoad.toFixed(2)}): blocking ×4 by CPU ` +
            `${blockingMs(tasks.map(cpuMs))} ms, by wall time ${blockingMs(tasks.map(wallMs))} ms; ` +
            `largest task ×4 by CPU ${Math.round(Math.max(0, ...tasks.map(cpuMs)))} ms`,
        );
        for (const task of long) {
          console.log(`  ${Math.round(cpuMs(task))} ms: ${contents(task, thread)}`);
        }
        largestMs.push(Math.max(0, ...tasks.map(cpuMs)));
      }
    }
    const met = Math.round(Math.max(...largestMs)) <= LONG_TASK_MS;
    console.log(
      figureRowReport({
        figure: 'longest main-thread task, CPU time at 4×',
        target: `≤ ${LONG_TASK_MS} ms`,
        value: `${figureRange(largestMs)} ms${met ? '' : ': not met'}`,
        command: '`npm run bench -- longTasks`',
      }),
    );
  } finally {
    await browser.close();
    await server.stop();
  }
}

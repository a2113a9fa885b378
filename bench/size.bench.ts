/**
 * First-load size of `/` (target ≤ 120 KB gzip on React), counted two ways, plus all chunks:
 * - critical: every script and modulepreload in dist/client/index.html, which the browser
 *   fetches before the first render;
 * - before interaction: every script a visitor's Chromium actually fetches for `/` against the real
 *   server until the page has settled (lazy chunks started by the first render, the query-cache
 *   restore and the idle-time service worker registration included), with no click or key press.
 * Needs a build (`npm run build`) first.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { figureRowReport } from '#scripts/figuresTable.ts';
import { launchBrowser, newIsolatedContext } from '#tests/e2e/support/browser.ts';
import { startServer } from '#tests/e2e/support/server.ts';

const clientDir = fileURLToPath(new URL('../dist/client/', import.meta.url));
const FIRST_LOAD_TARGET_KB = 120;
/** How long the page may settle after `load`: idle callbacks run within 2 s (whenPageIdle). */
const SETTLE_MS = 4000;

const gzipKb = (path: string) => gzipSync(readFileSync(path), { level: 9 }).length / 1024;

/** Paths of the JS the page fetches up front: scripts (module or classic) and modulepreloads. */
function criticalScripts(html: string): string[] {
  const paths = new Set<string>();
  for (const match of html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)) {
    if (match[1]) paths.add(match[1]);
  }
  for (const match of html.matchAll(/<link[^>]*\srel="modulepreload"[^>]*\shref="([^"]+)"/g)) {
    if (match[1]) paths.add(match[1]);
  }
  return [...paths];
}

/** Paths of the scripts a signed-out visitor's browser fetches for `/` without interacting. */
async function scriptsFetchedByChromium(): Promise<string[]> {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const context = await newIsolatedContext(browser, server.origin);
    const page = await context.newPage();
    const paths = new Set<string>();
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.origin === server.origin && url.pathname.endsWith('.js')) paths.add(url.pathname);
    });
    await page.goto('/', { waitUntil: 'load' });
    await page.waitForTimeout(SETTLE_MS);
    return [...paths];
  } finally {
    await browser.close();
    await server.stop();
  }
}

/** Prints each script's gzip size and the total against the target; answers the total in KB. */
function report(label: string, paths: string[]): number {
  let totalKb = 0;
  for (const path of paths) {
    const kb = gzipKb(join(clientDir, path.replace(/^\//, '')));
    totalKb += kb;
    console.log(`  ${label.padEnd(20)} ${kb.toFixed(1).padStart(7)} KB  ${path}`);
  }
  const verdict = totalKb <= FIRST_LOAD_TARGET_KB ? 'within' : 'OVER';
  console.log(
    `${label} JS of /: ${totalKb.toFixed(1)} KB gzip in ${paths.length} files (${verdict} the ${FIRST_LOAD_TARGET_KB} KB target)`,
  );
  return totalKb;
}

export default async function sizeBench(): Promise<void> {
  const indexPath = join(clientDir, 'index.html');
  if (!existsSync(indexPath)) {
    console.log('dist/client/index.html is missing: run `npm run build` first.');
    return;
  }
  const critical = criticalScripts(readFileSync(indexPath, 'utf8'));
  const criticalKb = report('critical', critical);
  const fetched = await scriptsFetchedByChromium();
  const lazy = fetched.filter((path) => !critical.includes(path));
  const missed = critical.filter((path) => !fetched.includes(path));
  if (missed.length > 0)
    console.log(`  (listed in index.html but not fetched: ${missed.join(', ')})`);
  const firstLoad = [...critical.filter((path) => fetched.includes(path)), ...lazy];
  const firstLoadKb = report('before interaction', firstLoad);

  const assetsDir = join(clientDir, 'assets');
  const chunks = readdirSync(assetsDir).filter((name) => name.endsWith('.js'));
  const allKb = chunks.reduce((sum, name) => sum + gzipKb(join(assetsDir, name)), 0);
  console.log(`all JS chunks: ${allKb.toFixed(1)} KB gzip in ${chunks.length} files`);
  // A size is the same on every machine, so the row says `any`.
  console.log(
    figureRowReport(
      {
        figure: 'first load of `/`, what Chromium fetches, gzip',
        target: `≤ ${FIRST_LOAD_TARGET_KB} KB`,
        value: `${firstLoadKb.toFixed(1)} KB in ${firstLoad.length} files (the entry ${criticalKb.toFixed(1)} KB)`,
        command: '`npm run bench -- size`',
      },
      { machine: 'any' },
    ),
  );
}

/**
 * First-load size: the gzip size of the JavaScript `/` loads before any interaction (the entry
 * script and every modulepreload in dist/client/index.html; target ≤ 90 KB) and of all chunks.
 * Needs a build (`npm run build`) first.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const clientDir = fileURLToPath(new URL('../dist/client/', import.meta.url));
const FIRST_LOAD_TARGET_KB = 90;

const gzipKb = (path: string) => gzipSync(readFileSync(path), { level: 9 }).length / 1024;

/** Paths of the JS the page fetches up front: module scripts and modulepreload links. */
function firstLoadScripts(html: string): string[] {
  const paths = new Set<string>();
  for (const match of html.matchAll(/<script[^>]*\stype="module"[^>]*\ssrc="([^"]+)"/g)) {
    if (match[1]) paths.add(match[1]);
  }
  for (const match of html.matchAll(/<link[^>]*\srel="modulepreload"[^>]*\shref="([^"]+)"/g)) {
    if (match[1]) paths.add(match[1]);
  }
  return [...paths];
}

export default async function sizeBench(): Promise<void> {
  const indexPath = join(clientDir, 'index.html');
  if (!existsSync(indexPath)) {
    console.log('dist/client/index.html is missing: run `npm run build` first.');
    return;
  }
  const firstLoad = firstLoadScripts(readFileSync(indexPath, 'utf8'));
  let firstLoadKb = 0;
  for (const src of firstLoad) {
    const kb = gzipKb(join(clientDir, src.replace(/^\//, '')));
    firstLoadKb += kb;
    console.log(`  first load  ${kb.toFixed(1).padStart(7)} KB  ${src}`);
  }
  const verdict = firstLoadKb <= FIRST_LOAD_TARGET_KB ? 'within' : 'OVER';
  console.log(
    `first-load JS of /: ${firstLoadKb.toFixed(1)} KB gzip in ${firstLoad.length} files (${verdict} the ${FIRST_LOAD_TARGET_KB} KB target)`,
  );

  const assetsDir = join(clientDir, 'assets');
  const chunks = readdirSync(assetsDir).filter((name) => name.endsWith('.js'));
  const allKb = chunks.reduce((sum, name) => sum + gzipKb(join(assetsDir, name)), 0);
  console.log(`all JS chunks: ${allKb.toFixed(1)} KB gzip in ${chunks.length} files`);
}

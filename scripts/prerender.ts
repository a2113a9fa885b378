/**
 * After `vite build`: renders the first paint of each public page into its own HTML file, so the
 * browser paints the page's text before the JavaScript arrives (src/prerender/renderPage.tsx).
 * Vite builds the renderer for Node into dist/prerender; each page of core/site/prerenderedPages.ts
 * becomes the file it names under dist/client, precompressed like the rest, which the server sends
 * for the page's paths (server/plugins/client.ts). index.html stays empty: the service worker
 * serves it for every page offline, where a page's own markup would show the wrong page.
 */
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { PRERENDERED_PAGES } from '#core/site/prerenderedPages.ts';
import { lateStyledClasses } from './prerender/lateStyles.ts';
import { precompress } from './vitePrecompress.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const clientDir = join(root, 'dist/client');
const rendererDir = join(root, 'dist/prerender');
const ROOT_ELEMENT = '<div id="root"></div>';

await build({
  root,
  configFile: false,
  logLevel: 'warn',
  plugins: [react()],
  build: {
    ssr: 'src/prerender/renderPage.tsx',
    outDir: rendererDir,
    emptyOutDir: true,
    rollupOptions: { output: { entryFileNames: 'renderPage.js' } },
  },
});
const { renderPage } = (await import(pathToFileURL(join(rendererDir, 'renderPage.js')).href)) as {
  renderPage: (path: string) => Promise<string | null>;
};

/**
 * index.html with its scripts fetched at low priority: a prerendered page paints without them, so
 * the stylesheet and the page's own images go first on a slow connection.
 */
function pageTemplate(indexHtml: string): string {
  if (!indexHtml.includes(ROOT_ELEMENT)) throw new Error(`index.html has no ${ROOT_ELEMENT}`);
  return indexHtml
    .replaceAll('<script type="module" ', '<script type="module" fetchpriority="low" ')
    .replaceAll('<link rel="modulepreload" ', '<link rel="modulepreload" fetchpriority="low" ');
}

const template = pageTemplate(await readFile(join(clientDir, 'index.html'), 'utf8'));

// The stylesheet the pages link for their first paint, and the ones lazy chunks bring later.
const firstPaintCssFile = /<link rel="stylesheet"[^>]* href="\/([^"]+\.css)"/.exec(template)?.[1];
if (!firstPaintCssFile) throw new Error('index.html links no stylesheet');
const firstPaintCss = await readFile(join(clientDir, firstPaintCssFile), 'utf8');
const lazyCss = await Promise.all(
  (await readdir(join(clientDir, 'assets')))
    .filter((name) => name.endsWith('.css') && `assets/${name}` !== firstPaintCssFile)
    .map((name) => readFile(join(clientDir, 'assets', name), 'utf8')),
);

for (const page of PRERENDERED_PAGES) {
  const markup = await renderPage(page.sample);
  if (markup === null) throw new Error(`${page.sample} is not a page`);
  // The CSP allows nothing inline of ours; a component that writes a style attribute or a handler
  // into the first paint must do it another way (classes, effects).
  const inline = /\sstyle=|<script|<style|\son[a-z]+=/i.exec(markup);
  if (inline) throw new Error(`${page.sample} renders inline ${inline[0].trim()}: ${page.file}`);
  const late = lateStyledClasses(markup, firstPaintCss, lazyCss);
  if (late.length > 0) {
    throw new Error(
      `${page.sample} paints classes only a lazy stylesheet styles (${late.join(', ')}): import their CSS in src/main.tsx`,
    );
  }
  const file = join(clientDir, page.file);
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, template.replace(ROOT_ELEMENT, `<div id="root">${markup}</div>`));
  await precompress(file);
}
await rm(rendererDir, { recursive: true, force: true });
console.log(`prerendered ${PRERENDERED_PAGES.length} pages into dist/client/pages`);

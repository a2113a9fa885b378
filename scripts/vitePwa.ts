/**
 * The PWA part of the Vite build, imported by vite.config.ts: serves and emits
 * manifest.webmanifest at /manifest.webmanifest, defines `__APP_VERSION__` (the persisted-query
 * buster), and builds sw/sw.ts with vite-plugin-pwa (injectManifest) precaching the shell and our
 * web workers only.
 */
import { readFileSync } from 'node:fs';
import type { Plugin, PluginOption } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const root = new URL('../', import.meta.url);
const MANIFEST_FILE = 'manifest.webmanifest';

function appVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as {
    version: string;
  };
  return pkg.version;
}

/** Serves the top-level manifest.webmanifest in dev and emits it into the build. */
function webManifest(): Plugin {
  const read = () => readFileSync(new URL(MANIFEST_FILE, root));
  return {
    name: 'gridmind:web-manifest',
    config: () => ({ define: { __APP_VERSION__: JSON.stringify(appVersion()) } }),
    // Injected rather than written in index.html, where Vite would hash it into /assets/: the
    // manifest keeps one stable address across builds.
    transformIndexHtml: () => [
      { tag: 'link', attrs: { rel: 'manifest', href: `/${MANIFEST_FILE}` }, injectTo: 'head' },
    ],
    configureServer(server) {
      server.middlewares.use(`/${MANIFEST_FILE}`, (_request, response) => {
        response.setHeader('Content-Type', 'application/manifest+json');
        response.end(read());
      });
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: MANIFEST_FILE, source: read() });
    },
  };
}

// Dynamic imports made from here on load the wallet stack (AppKit, wagmi, viem): cached at run
// time after first use, never precached. So is any package our code imports lazily.
const WALLET_LOADER_DIR = '/src/lib/wallet/';
const OWN_CODE_DIR = '/src/';
// A module worker of ours (`src/**/<name>.worker.ts`), which Vite emits as one asset.
const OWN_WORKER = /^assets\/[\w-]+\.worker-[\w-]+\.js$/;

/**
 * Finds the first-load JavaScript: the entry chunk, what it imports, and the chunks of our own
 * modules loaded lazily (route pages), but nothing reached through the wallet loader and no
 * lazily loaded package.
 */
function shellChunks(found: Set<string>): Plugin {
  return {
    name: 'gridmind:shell-chunks',
    apply: 'build',
    generateBundle(_options, bundle) {
      found.clear();
      const chunks = Object.values(bundle).flatMap((item) => (item.type === 'chunk' ? [item] : []));
      const chunkOfModule = new Map<string, string>();
      for (const chunk of chunks)
        for (const id of chunk.moduleIds) chunkOfModule.set(id, chunk.fileName);
      const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const queue = chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName);
      while (queue.length > 0) {
        const fileName = queue.pop() ?? '';
        const chunk = byName.get(fileName);
        if (!chunk || found.has(fileName)) continue;
        found.add(fileName);
        queue.push(...chunk.imports);
        for (const id of chunk.moduleIds) {
          if (id.replaceAll('\\', '/').includes(WALLET_LOADER_DIR)) continue;
          for (const lazy of this.getModuleInfo(id)?.dynamicallyImportedIds ?? []) {
            const path = lazy.replaceAll('\\', '/');
            if (!path.includes(OWN_CODE_DIR) || path.includes('/node_modules/')) continue;
            const target = chunkOfModule.get(lazy);
            if (target) queue.push(target);
          }
        }
      }
    },
  };
}

/** All PWA plugins for vite.config.ts. */
export function gridmindPwa(): PluginOption[] {
  const shell = new Set<string>();
  return [
    webManifest(),
    shellChunks(shell),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        globPatterns: ['**/*.{html,css,js,png,svg,ico,woff2,webmanifest}'],
        manifestTransforms: [
          async (entries) => ({
            // Bundled chunks only when the shell imports them; scripts copied from public/ (outside
            // assets/) could only be named by index.html itself, so they are shell. Our web
            // workers too: a worker is one small self-contained file (the Connect Four analysis
            // is about 11 KB gzip), and caching it at first use would make a first use offline
            // fail.
            manifest: entries.filter(
              (entry) =>
                !entry.url.endsWith('.js') ||
                shell.has(entry.url) ||
                !entry.url.startsWith('assets/') ||
                OWN_WORKER.test(entry.url),
            ),
            warnings: [],
          }),
        ],
      },
    }),
  ];
}

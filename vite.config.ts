import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { firstLoadChunks } from './scripts/viteFirstLoadChunks.ts';
import { precompressClient } from './scripts/vitePrecompress.ts';
import { gridmindPwa } from './scripts/vitePwa.ts';
import { reactRouterPure } from './scripts/viteReactRouterPure.ts';

/**
 * react-router 7's package exports name only its development build, which keeps its warnings
 * (`ENABLE_DEV_WARNINGS = true`); the production build beside it is the same code without them.
 */
const reactRouterProduction = fileURLToPath(
  new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url),
);

export default defineConfig({
  // precompressClient runs last: it also compresses the service worker the PWA plugin writes.
  plugins: [
    react(),
    // Lets tree shaking drop react-router's unused components (Form, fetchers, and so on).
    reactRouterPure(),
    // `/` loads React, the app and, beside them, the saved query cache: one chunk each, not 37
    // small ones. React is a chunk of its own so that src/main.tsx evaluates it in a task before
    // the app's (two tasks of about 35 ms, not one of 70).
    firstLoadChunks(
      'src/main.tsx',
      [
        { name: 'react', roots: ['node_modules/react-dom/client.js'] },
        { name: 'app', roots: ['src/app/startApp.tsx'] },
        { name: 'persistence', roots: ['src/cache/startQueryPersistence.ts'] },
      ],
      // Reached through zod's and TanStack Query's indexes, run only by lazy pages (measured by
      // comparing with Rolldown's own chunks: 45 KB before minifying).
      // (infinite queries: the notifications page's and the match lists' older pages).
      /zod\/v4\/(core\/(to-json-schema|json-schema|memoizer|registries)|locales\/)|query-core\/build\/modern\/(mutationObserver|infiniteQueryObserver)|react-query\/build\/modern\/(useMutation|useInfiniteQuery|infiniteQueryOptions)/,
    ),
    gridmindPwa(),
    precompressClient(),
  ],
  resolve: {
    // The package's `module` is its ES5 build; every browser we serve runs the modern one, which
    // is a third smaller (1.7 KB gzip against 2.6 KB in the idle service-worker chunk).
    alias: [
      { find: /^workbox-window$/, replacement: 'workbox-window/build/workbox-window.prod.mjs' },
      { find: /^react-router$/, replacement: reactRouterProduction },
    ],
  },
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: false,
    // No preload links or wrappers around dynamic imports: src/main.tsx imports the app after the
    // first paint, and the browser fetches each chunk as it reads the imports (the graph is two
    // levels deep). Each wrapper cost about 50 bytes in the first load (1.4 KB gzip in all), and
    // preloading the app's 30-odd chunks was a long task of its own. A lazy page's shared chunks
    // come one round trip later on a first visit; the service worker precaches them after that.
    modulePreload: false,
  },
  server: { proxy: { '/api': 'http://localhost:8080', '/auth': 'http://localhost:8080' } },
});

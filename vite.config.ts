import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { firstLoadChunks } from './scripts/viteFirstLoadChunks.ts';
import { precompressClient } from './scripts/vitePrecompress.ts';
import { gridmindPwa } from './scripts/vitePwa.ts';

/**
 * The browser runs Preact through preact/compat, not React: React 19 + react-dom alone were 63 KB
 * gzip of the 90 KB first-load budget (docs/ARCHITECTURE.md, "Preact via compat"). Only the client
 * bundle is aliased; the code still types against @types/react, and the server and unit tests
 * never load React. Exact-match patterns, so `react-dom/client` is not caught by `react-dom`.
 * The compat JSX runtime (not preact/jsx-runtime) makes sure compat's option hooks (className,
 * onChange, refs on function components) are installed before the first element is made.
 */
const preactCompat = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
];

export default defineConfig({
  // precompressClient runs last: it also compresses the service worker the PWA plugin writes.
  // React Fast Refresh cannot drive Preact, so edits in `vite` dev reload the page instead.
  plugins: [
    react({ refreshExclude: /./ }),
    // `/` loads the app and, beside it, the saved query cache: one chunk each, not 37 small ones.
    firstLoadChunks('src/main.tsx', [
      { name: 'app', roots: ['src/app/startApp.tsx'] },
      { name: 'persistence', roots: ['src/cache/startQueryPersistence.ts'] },
    ]),
    gridmindPwa(),
    precompressClient(),
  ],
  resolve: { alias: preactCompat },
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: false,
    modulePreload: {
      // Every browser we serve supports modulepreload (Chromium 66, Safari 17, Firefox 115).
      polyfill: false,
      // src/main.tsx imports the app after the first paint; left to the browser, its chunks are
      // fetched as their imports are read (the graph is two levels deep), where the preload
      // helper would first spend a long task making a link element for each of 30-odd chunks.
      resolveDependencies: (filename, dependencies) =>
        filename.includes('/app-') ? [] : dependencies,
    },
  },
  server: { proxy: { '/api': 'http://localhost:8080', '/auth': 'http://localhost:8080' } },
});

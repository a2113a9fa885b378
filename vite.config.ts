import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { gridmindPwa } from './scripts/vitePwa.ts';

export default defineConfig({
  plugins: [react(), gridmindPwa()],
  build: { outDir: 'dist/client', emptyOutDir: true, sourcemap: false },
  server: { proxy: { '/api': 'http://localhost:8080', '/auth': 'http://localhost:8080' } },
});

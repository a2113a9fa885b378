/**
 * A Vite build plugin, imported by vite.config.ts: once everything is written (the service worker
 * included), stores a brotli (.br) and a gzip (.gz) copy beside each text file of the client, so
 * the server sends compressed bytes without compressing on every request
 * (`preCompressed` in server/plugins/client.ts).
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { extname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text formats worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.webmanifest']);
/** Below this a compressed copy saves less than the headers it costs. */
const MIN_BYTES = 1024;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const path = join(dir, entry.name);
      return entry.isDirectory() ? filesUnder(path) : Promise.resolve([path]);
    }),
  );
  return nested.flat();
}

/** Writes `file`.br and `file`.gz when each is smaller than the file itself. */
export async function precompress(file: string): Promise<void> {
  const source = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    }),
    gzipAsync(source, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  await Promise.all([
    br.length < source.length ? writeFile(`${file}.br`, br) : undefined,
    gz.length < source.length ? writeFile(`${file}.gz`, gz) : undefined,
  ]);
}

/** Precompresses the built client in `build.outDir` after every other plugin has written. */
export function precompressClient(): Plugin {
  let outDir = '';
  return {
    name: 'gridmind:precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const files = await filesUnder(outDir);
        const worth = [];
        for (const file of files) {
          if (!COMPRESSIBLE.has(extname(file))) continue;
          if ((await stat(file)).size >= MIN_BYTES) worth.push(file);
        }
        await Promise.all(worth.map(precompress));
      },
    },
  };
}

/**
 * Builds the server into dist/server (part of `npm run build`): `server/server.ts` and each worker
 * thread's entry bundled by esbuild into plain JavaScript, next to a copy of the migrations.
 * `npm start`, the end-to-end tests and the server tests' processes run `node dist/server/server.js`.
 *
 * Why: run through tsx, a process resolved each of its modules through a loader thread (one more
 * per worker thread) and spent about 8 CPU-seconds starting on two cores, 4–5 built; the test
 * suites start about sixty such processes. Packages stay outside the bundle (imported from
 * node_modules at run time, as with tsx), so only our own TypeScript is compiled here.
 * server/testing/serverProcess.ts builds a test's preload with the same options, beside it.
 */
import { cp, rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Where the built server goes; server/testing and tests/e2e start it from here. */
export const SERVER_BUNDLE_DIR = `${root}dist/server`;

/**
 * The entries, one file each in the output folder: a worker's `new URL('./x.worker.ts', …)`
 * resolves beside the bundled code and startWorker (server/plugins/typeScriptWorker.ts) runs the
 * `.js` of the same name there.
 */
const ENTRIES = [
  'server/server.ts',
  'server/modules/matches/runner/decide.worker.ts',
  'server/modules/matches/runner/checkersEndgameBuild.worker.ts',
  'server/plugins/signatureCheck.worker.ts',
];

/** Builds dist/server afresh (under a second) and returns its folder. */
export async function buildServerBundle(outdir: string = SERVER_BUNDLE_DIR): Promise<string> {
  await rm(outdir, { recursive: true, force: true });
  await build({
    absWorkingDir: root,
    entryPoints: ENTRIES,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    // Shared code in chunks beside the entries (flat: every file's import.meta.url is outdir's).
    splitting: true,
    outdir,
    entryNames: '[name]',
    chunkNames: '[name]-[hash]',
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  // server/db/migrate.ts reads `./migrations/` beside its own code.
  await cp(`${root}server/db/migrations`, `${outdir}/migrations`, { recursive: true });
  return outdir;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(`built the server into ${await buildServerBundle()}`);
}

import { Worker } from 'node:worker_threads';

/** Whether this code runs as built JavaScript (dist/server, scripts/serverBundle.ts). */
const BUNDLED = import.meta.url.endsWith('.js');

/**
 * Starts a worker thread whose entry is a TypeScript file. Built (dist/server), the entry is the
 * `.js` of the same name beside this code, started as it is. Run from source (tsx, vitest), it
 * registers tsx inside the thread before importing the entry, since execArgv `--import tsx` does
 * not reach a worker's entry module on Node 20. Both the search pool and the signature-check pool
 * start theirs here.
 */
export function startTypeScriptWorker(entry: URL, workerData?: unknown): Worker {
  if (BUNDLED) return new Worker(new URL(entry.href.replace(/\.ts$/, '.js')), { workerData });
  const boot = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(entry.href)}); })`;
  return new Worker(boot, { eval: true, workerData });
}

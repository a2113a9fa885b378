import { Worker } from 'node:worker_threads';

/**
 * Starts a worker thread whose entry is a TypeScript file. It registers tsx inside the thread
 * before importing the entry, since execArgv `--import tsx` does not reach a worker's entry
 * module on Node 20. Both the search pool and the signature-check pool start theirs here.
 */
export function startTypeScriptWorker(entry: URL, workerData?: unknown): Worker {
  const boot = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(entry.href)}); })`;
  return new Worker(boot, { eval: true, workerData });
}

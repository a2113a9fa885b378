/**
 * Preloaded into a server by the watchers tail benchmark (`--import`): times the synchronous file
 * calls made on the main thread (PGlite's Node file system reads and writes its data files with
 * them, so every statement's page and WAL writes block the event loop while they run). Each call
 * over SLOW_MS prints one `syncio {json}` line (which call, how long, when it ended), and the
 * parent's `'syncio'` IPC message is answered with the count and total time since the last one.
 * A call's time is wall time, so under load it includes waiting for a core. Load it after the
 * other probes: their own reads (threadSchedule.ts) keep the functions as they were.
 */
import fs from 'node:fs';
import { isMainThread } from 'node:worker_threads';

const SLOW_MS = 20;
const CALLS = ['openSync', 'closeSync', 'readSync', 'writeSync', 'fsyncSync', 'fdatasyncSync'];

let calls = 0;
let totalMs = 0;
let slowest = 0;

if (isMainThread) {
  const table = fs as unknown as Record<string, (...args: unknown[]) => unknown>;
  for (const name of CALLS) {
    const original = table[name];
    if (typeof original !== 'function') continue;
    table[name] = function timedCall(this: unknown, ...args: unknown[]) {
      const started = performance.now();
      try {
        return original.apply(this, args);
      } finally {
        const ms = performance.now() - started;
        calls++;
        totalMs += ms;
        slowest = Math.max(slowest, ms);
        if (ms > SLOW_MS) {
          process.stdout.write(
            `syncio ${JSON.stringify({ call: name, ms: Math.round(ms), at: Date.now() })}\n`,
          );
        }
      }
    };
  }
  process.on('message', (message) => {
    if (message !== 'syncio') return;
    process.send?.({ kind: 'syncio', calls, totalMs: Math.round(totalMs), slowestMs: slowest });
    calls = 0;
    totalMs = 0;
    slowest = 0;
  });
}

/**
 * Preloaded into a server by the watchers tail benchmark (`--import`): watches the event loop.
 * A histogram of its delay (perf_hooks.monitorEventLoopDelay) is read and reset when the parent
 * sends `'loop'` over IPC; and every turn that held the loop for more than STALL_MS prints one
 * `stall {json}` line on stdout: when it ended, how long, and of that how long the main thread
 * ran (`cpuMs`) and how long it waited for a core behind other threads (`waitMs`, from Linux's
 * /proc/thread-self/schedstat; absent elsewhere). A turn long on wait and short on CPU is the
 * machine's load, not the server's work; a CPU profile of the same run names the work.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { threadSchedule } from './threadSchedule.ts';

const STALL_MS = 40;
const TICK_MS = 5;

const histogram = monitorEventLoopDelay({ resolution: 5 });
histogram.enable();

let last = Date.now();
let lastSchedule = threadSchedule();
setInterval(() => {
  const now = Date.now();
  const schedule = threadSchedule();
  const heldMs = now - last - TICK_MS;
  if (heldMs > STALL_MS) {
    const cpuMs = schedule && lastSchedule ? (schedule.runNs - lastSchedule.runNs) / 1e6 : null;
    const waitMs = schedule && lastSchedule ? (schedule.waitNs - lastSchedule.waitNs) / 1e6 : null;
    process.stdout.write(`stall ${JSON.stringify({ at: now, ms: heldMs, cpuMs, waitMs })}\n`);
  }
  last = now;
  lastSchedule = schedule;
}, TICK_MS).unref();

process.on('message', (message) => {
  if (message !== 'loop') return;
  const ms = (ns: number) => Math.round(ns / 1e5) / 10;
  process.send?.({
    kind: 'loop',
    p50: ms(histogram.percentile(50)),
    p99: ms(histogram.percentile(99)),
    max: ms(histogram.max),
  });
  histogram.reset();
});

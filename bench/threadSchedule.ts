/**
 * The calling thread's scheduling figures from Linux (/proc/thread-self/schedstat), for the
 * watchers benchmarks' probes: a slow turn of the event loop that ran on a core for most of it is
 * the server's own work; one that mostly waited for a core is the machine's load. The file is
 * opened once, by the main thread (where the probes run), and read with the fs functions as they
 * were when this module loaded, so syncIoProbe.ts, loaded after it, does not count these reads.
 */
import fs from 'node:fs';

const { openSync, readSync } = fs;
const buffer = Buffer.alloc(128);
let descriptor: number | null | undefined;

/** This thread's time on a core and waiting in the run queue so far (ns), or null off Linux. */
export function threadSchedule(): { runNs: number; waitNs: number } | null {
  try {
    descriptor ??= openSync('/proc/thread-self/schedstat', 'r');
    const length = readSync(descriptor, buffer, 0, buffer.length, 0);
    const [run = '0', wait = '0'] = buffer.toString('latin1', 0, length).split(' ');
    return { runNs: Number(run), waitNs: Number(wait) };
  } catch {
    descriptor = null;
    return null;
  }
}

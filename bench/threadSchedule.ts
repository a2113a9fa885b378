/**
 * The calling thread's scheduling figures from Linux (/proc/thread-self/schedstat), for the
 * watchers benchmarks' probes: a slow turn of the event loop that ran on a core for most of it is
 * the server's own work; one that mostly waited for a core is the machine's load.
 */
import { readFileSync } from 'node:fs';

/** This thread's time on a core and waiting in the run queue so far (ns), or null off Linux. */
export function threadSchedule(): { runNs: number; waitNs: number } | null {
  try {
    const [run = '0', wait = '0'] = readFileSync('/proc/thread-self/schedstat', 'latin1').split(
      ' ',
    );
    return { runNs: Number(run), waitNs: Number(wait) };
  } catch {
    return null;
  }
}

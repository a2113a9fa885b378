import { readdirSync, readFileSync } from 'node:fs';

// The watchers' tail bench's view of the server's threads from outside (Linux /proc): how long
// each ran on a core and waited for one over the window, grouped by what they are, so a run shows
// whether the agent searches (their threads reniced) took the cores the event loop needed.

interface ThreadTimes {
  nice: number;
  runNs: number;
  waitNs: number;
}

/** Every thread of process `pid` by thread id, or an empty map off Linux or once it is gone. */
export function threadTimes(pid: number): Map<number, ThreadTimes> {
  const threads = new Map<number, ThreadTimes>();
  try {
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'latin1');
      // Fields after the command name (which may hold spaces); nice is the 19th field of the line.
      const nice = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
      const [runNs = '0', waitNs = '0'] = readFileSync(
        `/proc/${pid}/task/${tid}/schedstat`,
        'latin1',
      ).split(' ');
      threads.set(Number(tid), { nice, runNs: Number(runNs), waitNs: Number(waitNs) });
    }
  } catch {
    // A thread ended between listing and reading, or there is no /proc: what was read stands.
  }
  return threads;
}

/**
 * What the server's threads did between two readings: the main thread (its id is the process
 * id), the reniced ones (the agent searches), and the rest (V8's and libuv's helpers), as seconds
 * on a core / seconds waiting for one.
 */
export function describeThreads(
  pid: number,
  before: Map<number, ThreadTimes>,
  after: Map<number, ThreadTimes>,
): string {
  if (after.size === 0) return 'threads not readable here';
  const groups = { main: [0, 0], reniced: [0, 0], other: [0, 0] };
  let renicedTo: number | null = null;
  for (const [tid, now] of after) {
    const then = before.get(tid) ?? { nice: now.nice, runNs: 0, waitNs: 0 };
    const group = tid === pid ? groups.main : now.nice > 0 ? groups.reniced : groups.other;
    if (tid !== pid && now.nice > 0) renicedTo = now.nice;
    group[0] = (group[0] ?? 0) + (now.runNs - then.runNs);
    group[1] = (group[1] ?? 0) + (now.waitNs - then.waitNs);
  }
  const seconds = ([run = 0, wait = 0]: number[]) =>
    `${(run / 1e9).toFixed(1)}/${(wait / 1e9).toFixed(1)}`;
  return (
    `server threads over the window (s on a core/waiting): main ${seconds(groups.main)}, ` +
    `searches${renicedTo === null ? ' (none reniced, so counted in other)' : ` (nice ${renicedTo})`} ` +
    `${seconds(groups.reniced)}, other ${seconds(groups.other)}`
  );
}

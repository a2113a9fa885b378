import { execFileSync } from 'node:child_process';
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';

/**
 * The nice value of a search thread: the lowest priority Linux has. Its weight is 15 against the
 * event loop's 1,024, so whenever both want a core the kernel runs the event loop (the fan-out to
 * watchers, PGlite, the API) and the search gets what is left; a search's deadline is wall time,
 * so a starved search still answers on time, only with a shallower move.
 */
export const SEARCH_THREAD_NICE = 19;

/**
 * Lowers the calling thread to SEARCH_THREAD_NICE; called first thing in each decision worker.
 * Linux alone, where setpriority() on the caller renices that thread only (NPTL threads are
 * tasks of their own); on macOS and Windows it would lower the whole process, event loop
 * included, so there the searches keep the normal priority. Returns whether the thread was
 * lowered.
 */
export function lowerSearchThreadPriority(platform: NodeJS.Platform = process.platform): boolean {
  if (platform !== 'linux') return false;
  try {
    setPriority(SEARCH_THREAD_NICE);
    return true;
  } catch {
    // A sandbox that refuses setpriority(): searching at normal priority beats not searching.
    return false;
  }
}

/**
 * Moves the calling thread to Linux's SCHED_IDLE class, for work no one waits on (a deeper
 * verdict, after its move): its weight is 3 against a nice-19 search's 15 and the event loop's
 * 1,024, so it runs on the cores' idle time and takes a sixth of one at most from an agent's
 * search sharing it. Node has no call for the class, so util-linux's `chrt` sets it on this
 * thread's id (`/proc/thread-self` names it). Where either is missing the thread is lowered as a
 * search's instead. Returns whether the thread is in the idle class.
 */
export function idleSearchThread(platform: NodeJS.Platform = process.platform): boolean {
  if (platform === 'linux') {
    try {
      const threadId = readlinkSync('/proc/thread-self').split('/').pop() ?? '';
      execFileSync('chrt', ['--idle', '--pid', '0', threadId], { stdio: 'ignore' });
      return true;
    } catch {
      // no chrt, or a sandbox that refuses the class: a search's priority then
    }
  }
  lowerSearchThreadPriority(platform);
  return false;
}

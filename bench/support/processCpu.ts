import { readFileSync } from 'node:fs';

/** Linux's clock ticks a second, the unit of /proc/PID/stat's CPU times. */
const TICKS_PER_SECOND = 100;

/**
 * CPU milliseconds a process has used so far, user and system, read from /proc/PID/stat
 * (10 ms steps); NaN where there is no /proc.
 */
export function processCpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
    // The command name may hold spaces: fields are counted after its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return (ticks * 1000) / TICKS_PER_SECOND;
  } catch {
    return Number.NaN;
  }
}

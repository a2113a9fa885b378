import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DecisionPool } from './workerPool.ts';

/** Each thread of this process with its niceness, from Linux's /proc/self/task/<id>/stat. */
function threadNiceness(): number[] {
  return readdirSync('/proc/self/task').map((threadId) => {
    const stat = readFileSync(`/proc/self/task/${threadId}/stat`, 'latin1');
    // Fields after the command name (which may hold spaces): state is the 3rd, nice the 19th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[16]);
  });
}

const onLinux = process.platform === 'linux';

describe.runIf(onLinux)('decision pool on Linux', () => {
  let pool: DecisionPool;
  beforeAll(() => {
    pool = new DecisionPool(1);
  });
  afterAll(() => pool.close());

  // Regression: at equal priority the searching thread took half of the event loop's core, and
  // a move's fan-out to thousands of watchers waited for it.
  it('searches at a lower CPU priority than the event loop', async () => {
    const lowered = () => threadNiceness().filter((nice) => nice === 10).length;
    const before = lowered();
    const decision = await pool.decide({
      game: 'connect4',
      moves: '',
      traits: { skill: 1, style: 'balanced', risk: 0.5, thinkTimeMs: 100 },
      seed: 1,
      budgetMs: 50,
    });
    expect(decision.move).toMatch(/^[1-7]$/);
    expect(lowered()).toBe(before + 1);
    expect(niceOfThisThread()).toBe(0);
  });
});

/** The niceness of the calling (main) thread. */
function niceOfThisThread(): number {
  const stat = readFileSync('/proc/thread-self/stat', 'latin1');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
}

import { relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/** How many of the slowest test files a run names at its end. */
const SHOWN = 10;

/** A test file's own time: importing it and its set-up, then its tests and hooks. */
function secondsOf(module: TestModule): number {
  const d = module.diagnostic();
  return (
    (d.environmentSetupDuration +
      d.prepareDuration +
      d.collectDuration +
      d.setupDuration +
      d.duration) /
    1000
  );
}

/**
 * Names the run's slowest files after vitest's own summary, so that whoever waits on the suite
 * sees where its time goes (files run side by side: their times add up to more than the run's).
 */
export default class SlowestFilesReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const slowest = [...testModules]
      .map((module) => ({
        file: relative(process.cwd(), module.moduleId),
        seconds: secondsOf(module),
      }))
      .sort((a, b) => b.seconds - a.seconds)
      .slice(0, SHOWN);
    if (slowest.length === 0) return;
    console.log(`\nSlowest ${slowest.length} test files:`);
    for (const { file, seconds } of slowest)
      console.log(`  ${seconds.toFixed(1).padStart(6)} s  ${file}`);
  }
}

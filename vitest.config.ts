import { defineConfig } from 'vitest/config';

// expect.poll's default gives up after 1 s, a guess at a machine's speed: on CI's two cores a
// page, a spawned server or a nice-19 search thread beside two busy test files can take longer.
// Polls that converge end at once; one that never does still fails inside each test's timeout.
const POLL = { poll: { timeout: 15_000 } };

/** Three suites, run separately by `npm test`: pure units, the server over inject/HTTP, and real Chromium. */
export default defineConfig({
  test: {
    // Vitest's own report, then the slowest files of the run (where a wait on the suite goes).
    reporters: ['default', './tests/setup/slowestFilesReporter.ts'],
    projects: [
      {
        test: {
          name: 'unit',
          expect: POLL,
          include: [
            'core/**/*.test.ts',
            'src/**/*.test.{ts,tsx}',
            'sw/**/*.test.ts',
            'tests/setup/**/*.test.ts',
            'tests/lint/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          environment: 'node',
          // The engines' tests are bounded by node budgets, not clocks; vitest's default 5 s was
          // a wall-clock limit that CPU-heavy tests beside each other overran on CI's two cores.
          testTimeout: 30_000,
          // One file per core: vitest's default (one less) ran these CPU-bound files one at a
          // time on CI's two cores, leaving one idle (276 s of wall time for 232 s of work).
          maxWorkers: '100%',
        },
      },
      {
        test: {
          name: 'server',
          expect: POLL,
          include: ['server/**/*.test.ts'],
          // One line when TEST_DATABASE_URL is unset: the PostgreSQL half of the suites is skipped.
          // nginx for the nginx test, installed as Chromium is (root, apt-get) where missing.
          // And dumps the one migrated PGlite database every test's embedded database starts from,
          // and builds the server that spawned processes run (dist/server).
          globalSetup: [
            'tests/setup/postgresSkipNotice.ts',
            'tests/setup/ensureNginx.ts',
            'tests/setup/pgliteDumpTemplate.ts',
            'tests/setup/serverBundle.ts',
          ],
          // One file per core, not vitest's default of one less: these files mostly wait (on
          // spawned servers, PostgreSQL, sockets, real-time match pacing), and on CI's two cores
          // the default ran them one at a time (9.4 min against 4.6 with two).
          maxWorkers: '100%',
          // Files share their worker's process, one after another: a fresh process per file loaded
          // Fastify, PGlite and the server's modules 119 times (182 s of imports, 820 s in all on a
          // slow day; 16 s and 476 s shared). Server code keeps no state per process that another
          // test's database could see (presenceHolder.ts keeps its owners per database).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          expect: POLL,
          include: ['tests/e2e/**/*.test.ts'],
          // Installs Debian's Chromium first where it is missing and we may (root, apt-get), or
          // stops before any test with the command to run: `npm test` needs no other set-up.
          // And makes the one migrated PGlite directory every test server starts from a copy of,
          // and builds the server they run (dist/server) from the sources as they are now.
          globalSetup: [
            'tests/setup/ensureChromium.ts',
            'tests/setup/pgliteTemplate.ts',
            'tests/setup/serverBundle.ts',
          ],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // Two files at a time: each runs its own server (on a copy of the template database,
          // a free port, its own temp directories) and its own Chromium, and most of a file's
          // time is spent waiting on match pacing and page loads, not on the CPU.
          maxWorkers: 2,
        },
      },
    ],
  },
});

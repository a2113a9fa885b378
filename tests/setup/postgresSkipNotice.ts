/**
 * The server project's vitest globalSetup: without TEST_DATABASE_URL the server suites run on
 * PGlite alone (`testDatabaseKinds()`) and the PostgreSQL-only suites skip, so the run says so
 * once instead of passing with half its cases silently gone.
 */

/** The line a server run prints when it leaves PostgreSQL out, or null when it runs it. */
export function postgresSkipNotice(
  env: Readonly<Record<string, string | undefined>>,
): string | null {
  if (env.TEST_DATABASE_URL) return null;
  return (
    'PostgreSQL server tests skipped: set TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test ' +
    'to run them (bash .ci/run does)'
  );
}

export default function announcePostgresSkip(): void {
  const notice = postgresSkipNotice(process.env);
  if (notice) console.warn(notice);
}

import { expect, it } from 'vitest';
import config from '#vitest.config.ts';
import { postgresSkipNotice } from './postgresSkipNotice.ts';

it('names the variable and .ci/run when PostgreSQL is left out, and says nothing when it runs', () => {
  expect(postgresSkipNotice({})).toBe(
    'PostgreSQL server tests skipped: set TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test ' +
      'to run them (bash .ci/run does)',
  );
  expect(postgresSkipNotice({ TEST_DATABASE_URL: 'postgres://db/test' })).toBeNull();
});

it('is printed by every server run: the server project sets it up globally', () => {
  const serverSetups = (config.test?.projects ?? []).flatMap((project) =>
    typeof project === 'object' && 'test' in project && project.test?.name === 'server'
      ? [project.test.globalSetup ?? []].flat()
      : [],
  );
  expect(serverSetups).toContain('tests/setup/postgresSkipNotice.ts');
});

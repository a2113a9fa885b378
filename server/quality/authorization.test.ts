/**
 * Who may do what, for every route: a visitor, a signed-in user, the owner of the custom agent a
 * request names, and an admin, each with a real sign-in, sending a request that is otherwise
 * valid. The route list comes from Fastify, so a new route without a row fails here.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeKey } from '#server/plugins/routeList.ts';
import { testDatabaseKinds } from '#server/testing/testDatabase.ts';
import { json, MATRIX } from './authorizationMatrix.ts';
import { OWN_AGENT_BETS } from './ownAgentBetsMatrix.ts';
import { createQualityFixture, type QualityFixture, ROLES } from './qualityFixture.ts';
import { REACH_MATRIX } from './reachMatrix.ts';
import { TELEGRAM_MATRIX } from './telegramMatrix.ts';
import { TOURNAMENT_MATRIX } from './tournamentMatrix.ts';

describe.each(testDatabaseKinds())('authorisation matrix (%s)', (kind) => {
  let f: QualityFixture;
  beforeAll(async () => {
    f = await createQualityFixture(kind);
  });
  afterAll(() => f.close());

  it('has a row for every route the app registers, and none for a route it does not', () => {
    expect(
      Object.keys({ ...MATRIX, ...TOURNAMENT_MATRIX, ...TELEGRAM_MATRIX, ...REACH_MATRIX }).sort(),
    ).toEqual(f.app.routeList.map(routeKey).sort());
  });

  it.each([
    ...Object.entries(MATRIX),
    ...Object.entries(TOURNAMENT_MATRIX),
    ...Object.entries(TELEGRAM_MATRIX),
    ...Object.entries(REACH_MATRIX),
    ...Object.entries(OWN_AGENT_BETS),
  ])('%s', async (key, row) => {
    const actual: number[] = [];
    for (const role of ROLES) {
      const response = await f.app.inject(await row.request({ f, role, cookie: f.cookies[role] }));
      actual.push(response.statusCode);
    }
    expect(actual, key).toEqual(row.expected);
  });

  it('never lets a request name someone else as owner: a random agent id is 404 for everyone', async () => {
    for (const role of ROLES) {
      const response = await f.app.inject(
        json('PATCH', `/api/agents/${randomUUID()}`, f.cookies[role], { tagline: 'x' }),
      );
      expect(response.statusCode).toBe(role === 'visitor' ? 401 : 404);
    }
  });
});

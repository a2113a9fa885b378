import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/testing/testApp.ts';
import { testDatabaseKinds } from '#server/testing/testDatabase.ts';

describe.each(testDatabaseKinds())('what the router refuses before routing (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it.each([
    ['POST', '/api/bot/matches/%C0%AF/moves'],
    ['GET', '/api/matches/%E0%A4%A'],
    ['GET', '/api/agents/%'],
  ] as const)(
    'answers a malformed escape in %s %s with our 400 body, not Fastify’s',
    async (method, url) => {
      const response = await t.app.inject({ method, url });
      expect(response.statusCode).toBe(400);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.json()).toEqual({
        error: 'This address is malformed: it has a % that does not start a valid escape.',
      });
    },
  );

  it('answers a path part over the router’s length limit with our 414 body', async () => {
    const response = await t.app.inject({ url: `/api/agents/${'a'.repeat(3000)}` });
    expect(response.statusCode).toBe(414);
    expect(response.json()).toEqual({ error: 'A part of this address is too long.' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});

/**
 * Hostile input on every route: random, malformed, oversized and wrongly typed path parameters,
 * query strings, headers (content-type lies, huge headers, bad cookies, foreign origins) and
 * bodies. Every answer must be below 500, every refusal a JSON sentence, and the database must
 * not change. The route list comes from Fastify, so a new route without an entry fails here.
 */
import fc from 'fast-check';
import type { HTTPMethods, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT_BYTES } from '#server/app.ts';
import { sessionCookie } from '#server/modules/auth/sessionCookie.ts';
import { routeKey } from '#server/plugins/routeList.ts';
import { testDatabaseKinds } from '#server/testing/testDatabase.ts';
import { FUZZ, type FuzzSpec } from './fuzzSpecs.ts';
import {
  createQualityFixture,
  databaseFingerprint,
  type QualityFixture,
  VALID_TRAITS,
} from './qualityFixture.ts';

/** Runs per route and database: about 1,100 requests per database in all. */
const RUNS_PER_ROUTE = 40;

const printable = fc.string({
  unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)),
  maxLength: 40,
});
const anyText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
);
const huge = (size: number) => fc.constant('a'.repeat(size));

/** A JSON value of another kind than `original` (so a replaced field can never be valid). */
function wronglyTyped(original: unknown): fc.Arbitrary<unknown> {
  const kind = (value: unknown) =>
    value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
  return fc
    .oneof(
      fc.constant(null),
      fc.boolean(),
      fc.integer(),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      anyText,
      fc.array(fc.jsonValue(), { maxLength: 3 }),
      fc.dictionary(anyText, fc.jsonValue(), { maxKeys: 3 }),
    )
    .filter((value) => kind(value) !== kind(original));
}

/** A body that is never valid: mutated, random, malformed, oversized or empty. */
function hostileBody(valid: Record<string, unknown> | undefined): fc.Arbitrary<string | undefined> {
  const variants: fc.Arbitrary<string | undefined>[] = [
    fc.constant(undefined),
    fc.constant(''),
    fc.jsonValue().map((value) => JSON.stringify(value)),
    anyText,
    fc.constantFrom('{', '{"a":', 'null', '[]', '"x"', '{"__proto__":{"isAdmin":true}}'),
    fc.constant(JSON.stringify({ filler: 'a'.repeat(BODY_LIMIT_BYTES + 1) })),
  ];
  if (valid) {
    const keys = Object.keys(valid);
    variants.push(
      fc
        .constantFrom(...keys)
        .chain((key) =>
          wronglyTyped(valid[key]).map((value) => JSON.stringify({ ...valid, [key]: value })),
        ),
      // cut strictly short: a cut at or past the end of a short body ('{"isAdmin":true}' is 16
      // characters) was the valid body itself, which promoted a user when it met the admin cookie
      fc
        .nat({ max: Math.min(20, JSON.stringify(valid).length - 1) })
        .map((cut) => JSON.stringify(valid).slice(0, cut)),
    );
  }
  return fc.oneof(...variants);
}

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-16',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/octet-stream',
  'application/json, text/plain',
  '*/*',
];

function hostileRequest(f: QualityFixture, key: string, spec: FuzzSpec) {
  const [method, pattern] = key.split(' ') as [HTTPMethods, string];
  const paramNames = [...pattern.matchAll(/:(\w+)/g)].map((match) => match[1] ?? '');
  const param = (name: string) =>
    fc.oneof(
      fc.constantFrom(...(spec.params?.[name]?.(f) ?? ['x'])),
      anyText.map(encodeURIComponent),
      huge(3000),
      fc.constantFrom('%', '%E0%A4%A', '..%2F..%2Fetc', '%00', '-1', '0', 'null', '%20'),
    );
  const path = fc
    .tuple(...paramNames.map(param))
    .map((values) =>
      paramNames.reduce((url, name, i) => url.replace(`:${name}`, values[i] ?? ''), pattern),
    );
  const queryPair = fc.tuple(
    fc.oneof(
      fc.constantFrom('status', 'cursor', 'limit', 'matchId', 'query', 'lastEventId'),
      printable,
    ),
    fc.oneof(anyText, fc.constantFrom('live', '-1', '1e309', '[]', 'a'.repeat(5000))),
  );
  const query = fc.oneof(
    fc.constant(''),
    fc
      .array(queryPair, { maxLength: 4 })
      .map((pairs) =>
        pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&'),
      ),
    fc.constantFrom('%', '&&==&', 'a[b][c]=1', 'limit=1&limit=2', 'status=live&status=finished'),
  );
  const roles = spec.roles ?? ['visitor', 'user', 'owner', 'admin'];
  const cookieName = sessionCookie(f.app.gridmind.config.APP_ORIGIN).name;
  const cookie = fc.oneof(
    fc.constantFrom(...roles.map((role) => f.cookies[role])),
    printable.map((value) => `${cookieName}=${value}`),
    fc.constant(`${cookieName}=${'a'.repeat(5000)}`),
    fc.constantFrom('%%%=;;', `${cookieName}`, `${cookieName}=a; ${cookieName}=b`, '=;=;'),
  );
  const optional = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });
  const headers = fc.record({
    cookie,
    'content-type': optional(fc.oneof(fc.constantFrom(...CONTENT_TYPES), printable)),
    origin: optional(
      fc.oneof(
        fc.constantFrom(f.app.gridmind.config.APP_ORIGIN, 'https://evil.example', 'null'),
        printable,
      ),
    ),
    'sec-fetch-site': optional(fc.constantFrom('cross-site', 'same-origin', 'none')),
    'last-event-id': optional(
      fc.oneof(printable, fc.constantFrom('-1', '43', '1.5', '9'.repeat(400))),
    ),
    'idempotency-key': optional(printable),
    'x-forwarded-for': optional(printable),
    accept: optional(fc.oneof(printable, fc.constant('text/event-stream'))),
    'x-filler': optional(huge(32_000)),
  });
  return fc.record({ path, query, headers, body: hostileBody(spec.body?.(f)) }).map((parts) => {
    const cleanHeaders = Object.fromEntries(
      Object.entries(parts.headers).filter(([, value]) => value !== undefined && value !== ''),
    ) as Record<string, string>;
    return {
      method,
      url: parts.query ? `${parts.path}?${parts.query}` : parts.path,
      headers: cleanHeaders,
      ...(parts.body === undefined ? {} : { payload: parts.body }),
    } satisfies InjectOptions;
  });
}

describe.each(testDatabaseKinds())('hostile input on every route (%s)', (kind) => {
  let f: QualityFixture;
  let fingerprint: string;
  beforeAll(async () => {
    f = await createQualityFixture(kind);
    fingerprint = await databaseFingerprint(f.db);
  });
  afterAll(() => f.close());

  it('has a fuzz entry for every route the app registers, and none for a route it does not', () => {
    expect(Object.keys(FUZZ).sort()).toEqual(f.app.routeList.map(routeKey).sort());
  });

  // Each change is rolled back; an update that finds no row in the fixture changes nothing and
  // fails here too, so the fixture keeps a row in every table the fingerprint reads.
  it.each([
    ['a bot', `update bots set suspended_at = now()`],
    ['a bot event', `update bot_events set payload = '{"changed":true}'`],
    ['a match move', `update match_moves set move = '5'`],
    ['a signed-in session', `delete from sessions where user_id is not null`],
    ['a balance', `update users set balance = balance + 1`],
  ])('notices in its database fingerprint a change to %s', async (_what, change) => {
    const rolledBack = new Error('rolled back');
    const changed = f.db.transaction(async (tx) => {
      await tx.query(change);
      expect(await databaseFingerprint(tx)).not.toBe(fingerprint);
      throw rolledBack;
    });
    await expect(changed).rejects.toBe(rolledBack);
    expect(await databaseFingerprint(f.db)).toBe(fingerprint);
  });

  it('answers 400, not 500, to a NUL character PostgreSQL cannot store (found by this fuzzer)', async () => {
    const byId = await f.app.inject({ url: '/api/matches/%00' });
    expect(byId.statusCode).toBe(400);
    expect(byId.json()).toEqual({
      error: 'The request contains characters that cannot be stored.',
    });
    const inBody = await f.app.inject({
      method: 'POST',
      url: '/api/agents',
      headers: { cookie: f.cookies.user, 'content-type': 'application/json' },
      // Free text drops control characters at the boundary; a name with one is refused.
      payload: JSON.stringify({ name: 'Nul\u0000Bot', traits: VALID_TRAITS }),
    });
    expect(inBody.statusCode).toBe(400);
    expect(await databaseFingerprint(f.db)).toBe(fingerprint);
  });

  it.each(Object.entries(FUZZ))(
    '%s answers 4xx (never 5xx) with a message and changes nothing',
    async (key, spec) => {
      await fc.assert(
        fc.asyncProperty(hostileRequest(f, key, spec), async (request) => {
          const response = await f.app.inject(request);
          expect(response.statusCode, response.body).toBeLessThan(500);
          if (spec.body) expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
          if (response.statusCode >= 400) {
            const body = response.json() as { error?: unknown; success?: unknown };
            if (key === 'POST /auth/verify' && response.statusCode === 401) {
              expect(body).toEqual({ success: false });
            } else {
              expect(typeof body.error === 'string' && body.error.length > 0, response.body).toBe(
                true,
              );
            }
          }
          expect(await databaseFingerprint(f.db)).toBe(fingerprint);
        }),
        { numRuns: RUNS_PER_ROUTE },
      );
    },
  );
});

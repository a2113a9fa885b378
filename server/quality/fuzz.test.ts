/**
 * Hostile input on every route: random, malformed, oversized and wrongly typed path parameters,
 * query strings, headers (content-type lies, huge headers, bad cookies, foreign origins) and
 * bodies. Every answer must be below 500, every refusal a JSON sentence, and the database must
 * not change. The route list comes from Fastify, so a new route without an entry fails here.
 */
import fc from 'fast-check';
import type { HTTPMethods, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT_BYTES } from '../app.ts';
import { sessionCookie } from '../modules/auth/sessionCookie.ts';
import { routeKey } from '../plugins/routeList.ts';
import { testDatabaseKinds } from '../testing/testDatabase.ts';
import {
  createQualityFixture,
  databaseFingerprint,
  type QualityFixture,
  type Role,
  VALID_TRAITS,
} from './qualityFixture.ts';

/** Runs per route and database: about 1,100 requests per database in all. */
const RUNS_PER_ROUTE = 40;

/** How to aim the fuzzer at one route; everything else about the request is random. */
interface FuzzSpec {
  /** Real values worth trying for each path parameter, besides random and malformed text. */
  params?: Record<string, (f: QualityFixture) => string[]>;
  /** A valid body: the fuzzer sends it only with one field replaced by a wrongly typed value. */
  body?: (f: QualityFixture) => Record<string, unknown>;
  /** Whose session cookie may be sent (default: everyone's). */
  roles?: readonly Role[];
}

const agentIds = (f: QualityFixture) => [f.agentId, ...f.houseAgents];
const userIds = (f: QualityFixture) => Object.values(f.userIds);
const matchIds = (f: QualityFixture) => [f.scheduledMatchId, f.finishedMatchId];

/**
 * One entry per route. Ids that would let a bodiless request succeed (the announced match for
 * cancel, the owner's agent for retire) are left out of those routes' pools, and the real
 * sessions out of logout's: a success there is a change, not a bug.
 */
const FUZZ: Record<string, FuzzSpec> = {
  'GET /api/health': {},
  'GET /api/games': {},
  'GET /api/matches': {},
  'GET /api/matches/:id': { params: { id: matchIds } },
  // The announced match's stream stays open by design; the finished one replays and ends.
  'GET /api/matches/:id/events': { params: { id: (f) => [f.finishedMatchId] } },
  'GET /api/matches/:id/pools': { params: { id: matchIds } },
  'GET /api/agents': {},
  'GET /api/agents/:id': { params: { id: agentIds } },
  'GET /api/agents/mine': {},
  'POST /api/agents': { body: () => ({ name: 'Fuzzed Bot', traits: VALID_TRAITS }) },
  'PATCH /api/agents/:id': {
    params: { id: agentIds },
    body: () => ({ name: 'Renamed Bot', tagline: 'x', color: '#123456', traits: VALID_TRAITS }),
  },
  'DELETE /api/agents/:id': { params: { id: (f) => f.houseAgents } },
  'GET /auth/nonce': {},
  'POST /auth/verify': {
    body: () => ({
      message: 'gridmind.example wants you to sign in',
      signature: `0x${'ab'.repeat(65)}`,
    }),
  },
  'GET /auth/session': {},
  'GET /auth/logout': { roles: ['visitor'] },
  'GET /api/me': {},
  'GET /api/admin/users': {},
  'POST /api/bets': {
    body: (f) => ({
      matchId: f.scheduledMatchId,
      side: 'first',
      amount: 5,
      idempotencyKey: 'fuzz-key-0001',
    }),
  },
  'GET /api/bets': {},
  'GET /api/profile': {},
  'PATCH /api/profile': { body: () => ({ nickname: 'fuzzed_name' }) },
  'GET /api/admin/ledger': {},
  'POST /api/admin/users/:id/role': { params: { id: userIds }, body: () => ({ isAdmin: true }) },
  'POST /api/admin/users/:id/balance': {
    params: { id: userIds },
    body: () => ({ amount: 10, reason: 'fuzzing' }),
  },
  'GET /api/admin/agents': {},
  'POST /api/admin/agents/:id/visibility': {
    params: { id: agentIds },
    body: () => ({ hidden: true }),
  },
  'POST /api/admin/matches': {
    body: (f) => ({ firstAgentId: f.houseAgents[0], secondAgentId: f.houseAgents[1] }),
  },
  'POST /api/admin/matches/:id/cancel': { params: { id: (f) => [f.finishedMatchId] } },
  'GET /api/bots/mine': {},
  'POST /api/bots': { body: () => ({ name: 'Fuzzed Bot', games: ['connect4'] }) },
  'POST /api/bots/:id/token': {},
  'DELETE /api/bots/:id/token': {},
  'DELETE /api/bots/:id': {},
  'GET /api/admin/bots': {},
  'POST /api/admin/bots/:id/suspension': { body: () => ({ suspended: true }) },
  // Without a bot's token (server/modules/bots/bots.test.ts fuzzes the move with one).
  'GET /api/bot/me': {},
  'GET /api/bot/events': {},
  'POST /api/bot/matches/:id/moves': {
    params: { id: matchIds },
    body: () => ({ ply: 1, move: '4' }),
  },
};

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
      payload: JSON.stringify({ name: 'Nul Bot', tagline: 'a\u0000b', traits: VALID_TRAITS }),
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

/**
 * The authorisation matrix's rows: for every route, the status each role gets and a request that
 * would succeed for someone allowed to send it (authorization.test.ts runs them).
 */
import type { HTTPMethods, InjectOptions } from 'fastify';
import { insertMatch } from '#server/testing/economyFixtures.ts';
import { buildSiweMessage, createTestWallet, fetchNonce, signIn } from '#server/testing/signIn.ts';
import { createAgent, type QualityFixture, type Role, VALID_TRAITS } from './qualityFixture.ts';

/** Expected status for visitor, user, owner and admin, in that order. */
type Statuses = readonly [number, number, number, number];

export interface Case {
  f: QualityFixture;
  role: Role;
  /** The role's standing session cookie (empty for the visitor). */
  cookie: string;
}

/** One row: the statuses, and a request that would succeed for someone allowed to send it. */
export interface Row {
  expected: Statuses;
  request: (c: Case) => Promise<InjectOptions> | InjectOptions;
}

/** Anyone, signed in or not. */
export const PUBLIC: Statuses = [200, 200, 200, 200];
export const SIGNED_IN: Statuses = [401, 200, 200, 200];
const CREATES: Statuses = [401, 201, 201, 201];
const OWNER_OR_ADMIN: Statuses = [401, 403, 200, 200];
/** Admins only: 401 to a visitor, 403 to anyone else. */
export const ADMIN: Statuses = [401, 403, 403, 200];

let serial = 0;
/** A name or key no other case has used. */
export const unique = (prefix: string) => `${prefix}${Date.now() % 100_000}x${serial++}`;

/** A GET of `url` with the role's cookie. */
export const get =
  (url: string) =>
  ({ cookie }: Case): InjectOptions => ({
    method: 'GET',
    url,
    headers: { cookie },
  });

export const json = (
  method: HTTPMethods,
  url: string,
  cookie: string,
  body: unknown,
): InjectOptions => ({
  method,
  url,
  headers: { cookie, 'content-type': 'application/json' },
  payload: JSON.stringify(body),
});

/** A custom agent of a fresh owner: the owner role sends its request as that owner. */
export async function agentOfNewOwner({ f, role, cookie }: Case) {
  const ownerCookie = await signIn(f.app);
  const id = await createAgent(f.app, ownerCookie, unique('Owned '));
  return { id, cookie: role === 'owner' ? ownerCookie : cookie };
}

/** A bot of a fresh owner, with its token: the owner role sends its request as that owner. */
export async function botOfNewOwner({ f, role, cookie }: Case) {
  const ownerCookie = await signIn(f.app);
  const created = await f.app.inject(
    json('POST', '/api/bots', ownerCookie, { name: unique('Bot '), games: ['connect4'] }),
  );
  const { id, token } = created.json() as { id: string; token: string };
  return { id, token, cookie: role === 'owner' ? ownerCookie : cookie };
}

/** A session of its own for the role, for requests that end or replace the session they use. */
async function ownSession({ f, role }: Case): Promise<string> {
  return role === 'visitor' ? '' : signIn(f.app, f.wallets[role]);
}

export const MATRIX: Record<string, Row> = {
  'GET /api/health': { expected: PUBLIC, request: get('/api/health') },
  'GET /api/health/ready': { expected: PUBLIC, request: get('/api/health/ready') },
  'GET /api/games': { expected: PUBLIC, request: get('/api/games') },
  'GET /api/matches': { expected: PUBLIC, request: get('/api/matches?status=scheduled') },
  'GET /api/matches/:id': {
    expected: PUBLIC,
    request: (c) => get(`/api/matches/${c.f.scheduledMatchId}`)(c),
  },
  'GET /api/matches/:id/events': {
    expected: PUBLIC,
    request: (c) => get(`/api/matches/${c.f.finishedMatchId}/events`)(c),
  },
  'GET /api/matches/:id/pools': {
    expected: PUBLIC,
    request: (c) => get(`/api/matches/${c.f.scheduledMatchId}/pools`)(c),
  },
  'GET /api/agents': { expected: PUBLIC, request: get('/api/agents') },
  'GET /api/agents/:id': { expected: PUBLIC, request: (c) => get(`/api/agents/${c.f.agentId}`)(c) },
  'GET /api/agents/mine': { expected: SIGNED_IN, request: get('/api/agents/mine') },
  'GET /previews/:kind/:file': {
    expected: PUBLIC,
    request: (c) => get(`/previews/match/${c.f.finishedMatchId}.png`)(c),
  },
  'GET /robots.txt': { expected: PUBLIC, request: get('/robots.txt') },
  'GET /sitemap.xml': { expected: PUBLIC, request: get('/sitemap.xml') },
  'POST /api/agents': {
    expected: CREATES,
    request: async (c) => {
      // A fresh owner each time: the owner's agent count stays under its limit.
      const cookie = c.role === 'owner' ? await signIn(c.f.app) : c.cookie;
      return json('POST', '/api/agents', cookie, { name: unique('Made '), traits: VALID_TRAITS });
    },
  },
  'PATCH /api/agents/:id': {
    expected: OWNER_OR_ADMIN,
    request: async (c) => {
      const agent = await agentOfNewOwner(c);
      return json('PATCH', `/api/agents/${agent.id}`, agent.cookie, { tagline: 'Edited' });
    },
  },
  'DELETE /api/agents/:id': {
    expected: OWNER_OR_ADMIN,
    request: async (c) => {
      const agent = await agentOfNewOwner(c);
      return {
        method: 'DELETE',
        url: `/api/agents/${agent.id}`,
        headers: { cookie: agent.cookie },
      };
    },
  },
  'GET /auth/nonce': { expected: PUBLIC, request: get('/auth/nonce') },
  'POST /auth/verify': {
    // Anyone holding a nonce may sign in, a signed-in user too (as another wallet).
    expected: PUBLIC,
    request: async (c) => {
      const { app } = c.f;
      const { nonce, cookie } = await fetchNonce(app, await ownSession(c));
      const wallet = createTestWallet();
      const message = buildSiweMessage(
        app.gridmind.config.APP_ORIGIN,
        wallet,
        nonce,
        app.gridmind.now(),
      );
      const signature = await wallet.signMessage({ message });
      return json('POST', '/auth/verify', cookie, { message, signature });
    },
  },
  'GET /auth/session': { expected: PUBLIC, request: get('/auth/session') },
  'GET /auth/logout': {
    expected: PUBLIC,
    request: async (c) => get('/auth/logout')({ ...c, cookie: await ownSession(c) }),
  },
  'GET /api/me': { expected: SIGNED_IN, request: get('/api/me') },
  'POST /api/bets': {
    expected: CREATES,
    request: (c) =>
      json('POST', '/api/bets', c.cookie, {
        matchId: c.f.scheduledMatchId,
        side: 'draw',
        amount: 1,
        idempotencyKey: unique('matrix-key-'),
      }),
  },
  'GET /api/bets': { expected: SIGNED_IN, request: get('/api/bets') },
  'GET /api/profile': { expected: SIGNED_IN, request: get('/api/profile') },
  'PATCH /api/profile': {
    expected: SIGNED_IN,
    request: (c) => json('PATCH', '/api/profile', c.cookie, { nickname: unique('nick') }),
  },
  'GET /api/admin/users': { expected: ADMIN, request: get('/api/admin/users?query=0x0') },
  'GET /api/admin/ledger': { expected: ADMIN, request: get('/api/admin/ledger') },
  'GET /api/admin/agents': { expected: ADMIN, request: get('/api/admin/agents') },
  'POST /api/admin/users/:id/role': {
    expected: ADMIN,
    request: async (c) => {
      const target = await signIn(c.f.app);
      const me = await c.f.app.inject({ url: '/api/me', headers: { cookie: target } });
      const { userId } = me.json() as { userId: string };
      return json('POST', `/api/admin/users/${userId}/role`, c.cookie, { isAdmin: true });
    },
  },
  'POST /api/admin/users/:id/balance': {
    expected: ADMIN,
    request: (c) =>
      json('POST', `/api/admin/users/${c.f.userIds.user}/balance`, c.cookie, {
        amount: 5,
        reason: 'authorisation matrix',
      }),
  },
  'POST /api/admin/agents/:id/visibility': {
    expected: ADMIN,
    request: (c) =>
      json('POST', `/api/admin/agents/${c.f.agentId}/visibility`, c.cookie, { hidden: false }),
  },
  'POST /api/admin/matches': {
    expected: [401, 403, 403, 201],
    request: (c) =>
      json('POST', '/api/admin/matches', c.cookie, {
        firstAgentId: c.f.houseAgents[0],
        secondAgentId: c.f.houseAgents[1],
      }),
  },
  'GET /api/bots/mine': { expected: SIGNED_IN, request: get('/api/bots/mine') },
  'POST /api/bots': {
    expected: CREATES,
    request: (c) =>
      json('POST', '/api/bots', c.cookie, { name: unique('Bot '), games: ['othello'] }),
  },
  // Only the owner mints a token: an admin's would play as someone else's bot.
  'POST /api/bots/:id/token': {
    expected: [401, 403, 200, 403],
    request: async (c) => {
      const bot = await botOfNewOwner(c);
      return { method: 'POST', url: `/api/bots/${bot.id}/token`, headers: { cookie: bot.cookie } };
    },
  },
  'DELETE /api/bots/:id/token': {
    expected: [401, 403, 204, 204],
    request: async (c) => {
      const bot = await botOfNewOwner(c);
      return {
        method: 'DELETE',
        url: `/api/bots/${bot.id}/token`,
        headers: { cookie: bot.cookie },
      };
    },
  },
  'DELETE /api/bots/:id': {
    expected: [401, 403, 204, 204],
    request: async (c) => {
      const bot = await botOfNewOwner(c);
      return { method: 'DELETE', url: `/api/bots/${bot.id}`, headers: { cookie: bot.cookie } };
    },
  },
  'GET /api/admin/bots': { expected: ADMIN, request: get('/api/admin/bots') },
  'POST /api/admin/bots/:id/suspension': {
    expected: [401, 403, 403, 204],
    request: async (c) => {
      const bot = await botOfNewOwner(c);
      return json('POST', `/api/admin/bots/${bot.id}/suspension`, bot.cookie, { suspended: true });
    },
  },
  // The bot API answers a bot's token, never a session: the same for every role.
  'GET /api/bot/me': {
    expected: PUBLIC,
    request: async (c) => {
      const bot = await botOfNewOwner(c);
      return {
        method: 'GET',
        url: '/api/bot/me',
        headers: { cookie: c.cookie, authorization: `Bearer ${bot.token}` },
      };
    },
  },
  'GET /api/bot/events': { expected: [401, 401, 401, 401], request: get('/api/bot/events') },
  // A token opens only its own bot's matches: another match is as good as none.
  'POST /api/bot/matches/:id/moves': {
    expected: [404, 404, 404, 404],
    request: async (c) => {
      const bot = await botOfNewOwner(c);
      return {
        method: 'POST',
        url: `/api/bot/matches/${c.f.scheduledMatchId}/moves`,
        headers: {
          cookie: c.cookie,
          authorization: `Bearer ${bot.token}`,
          'content-type': 'application/json',
        },
        payload: JSON.stringify({ ply: 1, move: '4' }),
      };
    },
  },
  'POST /api/admin/matches/:id/cancel': {
    expected: ADMIN,
    request: async (c) => {
      const matchId = await insertMatch(c.f.db, c.f.houseAgents, 'scheduled');
      return {
        method: 'POST',
        url: `/api/admin/matches/${matchId}/cancel`,
        headers: { cookie: c.cookie },
      };
    },
  },
};

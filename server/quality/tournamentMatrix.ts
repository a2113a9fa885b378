/**
 * The authorisation matrix's rows for the tournament routes (authorization.test.ts runs them
 * with the matrix's, and checks the two together cover every route).
 */
import { signIn } from '#server/testing/signIn.ts';
import { insertTournament } from '#server/testing/tournamentFixtures.ts';
import {
  ADMIN,
  agentOfNewOwner,
  get,
  json,
  PUBLIC,
  type Row,
  unique,
} from './authorizationMatrix.ts';
import { createAgent } from './qualityFixture.ts';

/** One row per tournament route, as MATRIX has them. */
export const TOURNAMENT_MATRIX: Record<string, Row> = {
  'GET /api/tournaments': { expected: PUBLIC, request: get('/api/tournaments') },
  'GET /api/agents/:id/tournaments': {
    expected: PUBLIC,
    request: (c) => get(`/api/agents/${c.f.agentId}/tournaments`)(c),
  },
  'GET /api/tournaments/:id': {
    expected: PUBLIC,
    request: (c) => get(`/api/tournaments/${c.f.tournamentId}`)(c),
  },
  // A finished tournament's stream has nothing to send (a live one stays open by design).
  'GET /api/tournaments/:id/events': {
    expected: [204, 204, 204, 204],
    request: (c) => get(`/api/tournaments/${c.f.finishedTournamentId}/events`)(c),
  },
  // Only an agent's owner enters it (and pays): an admin enters built-in agents, not users'.
  'POST /api/tournaments/:id/entrants': {
    expected: [401, 403, 201, 403],
    request: async (c) => {
      const agent = await agentOfNewOwner(c);
      return json('POST', `/api/tournaments/${c.f.tournamentId}/entrants`, agent.cookie, {
        agentId: agent.id,
      });
    },
  },
  // Whoever entered it withdraws it, or an admin (the fee goes back to whoever paid it).
  'DELETE /api/tournaments/:id/entrants/:agentId': {
    expected: [401, 403, 204, 204],
    request: async (c) => {
      const ownerCookie = await signIn(c.f.app);
      const agentId = await createAgent(c.f.app, ownerCookie, unique('Entrant '));
      const url = `/api/tournaments/${c.f.tournamentId}/entrants`;
      const entered = await c.f.app.inject(json('POST', url, ownerCookie, { agentId }));
      if (entered.statusCode !== 201) throw new Error(`entry: ${entered.body}`);
      const cookie = c.role === 'owner' ? ownerCookie : c.cookie;
      return { method: 'DELETE', url: `${url}/${agentId}`, headers: { cookie } };
    },
  },
  'POST /api/admin/tournaments': {
    expected: [401, 403, 403, 201],
    request: (c) =>
      json('POST', '/api/admin/tournaments', c.cookie, {
        game: 'checkers',
        format: 'knockout',
        startsAt: new Date(c.f.clock.now() + 3_600_000).toISOString(),
        entryFee: 5,
        housePrize: 50,
        entrantLimit: 8,
        thinkTimeMs: 1000,
        prizeTable: [70, 30],
      }),
  },
  'POST /api/admin/tournaments/:id/cancel': {
    expected: ADMIN,
    request: async (c) => {
      const id = await insertTournament(c.f.db, { startsAt: new Date(c.f.clock.now() + 60_000) });
      return {
        method: 'POST',
        url: `/api/admin/tournaments/${id}/cancel`,
        headers: { cookie: c.cookie },
      };
    },
  },
};

/**
 * The authorisation matrix's rows for the routes of the platform's reach (issue 48): follows,
 * Web Push devices and notifications. authorization.test.ts runs them with the matrix's.
 */
import { get, json, PUBLIC, type Row, SIGNED_IN, unique } from './authorizationMatrix.ts';

/** One row per follows, push and notifications route, as MATRIX has them. */
export const REACH_MATRIX: Record<string, Row> = {
  'GET /api/follows': { expected: SIGNED_IN, request: get('/api/follows') },
  'GET /api/follows/:kind/:id': {
    expected: PUBLIC,
    request: (c) => get(`/api/follows/agent/${c.f.agentId}`)(c),
  },
  'PUT /api/follows/:kind/:id': {
    expected: SIGNED_IN,
    request: (c) => ({
      method: 'PUT',
      url: `/api/follows/tournament/${c.f.tournamentId}`,
      headers: { cookie: c.cookie },
    }),
  },
  'DELETE /api/follows/:kind/:id': {
    expected: SIGNED_IN,
    request: (c) => ({
      method: 'DELETE',
      url: `/api/follows/tournament/${c.f.tournamentId}`,
      headers: { cookie: c.cookie },
    }),
  },
  'GET /api/push/key': { expected: PUBLIC, request: get('/api/push/key') },
  'POST /api/push/subscriptions': {
    expected: [401, 204, 204, 204],
    request: (c) =>
      json('POST', '/api/push/subscriptions', c.cookie, {
        endpoint: `https://fcm.googleapis.com/fcm/send/${unique('device')}`,
        keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) },
      }),
  },
  'DELETE /api/push/subscriptions': {
    expected: [401, 204, 204, 204],
    request: (c) =>
      json('DELETE', '/api/push/subscriptions', c.cookie, {
        endpoint: 'https://fcm.googleapis.com/fcm/send/x',
      }),
  },
  'GET /api/notifications': { expected: SIGNED_IN, request: get('/api/notifications') },
  'GET /api/notifications/unread': {
    expected: SIGNED_IN,
    request: get('/api/notifications/unread'),
  },
  'POST /api/notifications/:id/read': {
    expected: SIGNED_IN,
    request: async (c) => {
      // A notification of the role's own (the visitor's request names the user's).
      const userId = c.role === 'visitor' ? c.f.userIds.user : c.f.userIds[c.role];
      const { rows } = await c.f.db.query<{ id: string }>(
        `insert into notifications (user_id, kind, title, body, path, created_at)
         values ($1, 'bet-settled', 'Bet won', 'You won.', '/games', now()) returning id::text`,
        [userId],
      );
      return json('POST', `/api/notifications/${rows[0]?.id}/read`, c.cookie, {});
    },
  },
  'POST /api/notifications/read-all': {
    expected: SIGNED_IN,
    request: (c) => json('POST', '/api/notifications/read-all', c.cookie, {}),
  },
  'GET /api/notifications/preferences': {
    expected: SIGNED_IN,
    request: get('/api/notifications/preferences'),
  },
  'PUT /api/notifications/preferences': {
    expected: SIGNED_IN,
    request: (c) =>
      json('PUT', '/api/notifications/preferences', c.cookie, {
        preferences: { commission: true },
      }),
  },
};

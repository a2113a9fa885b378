/**
 * Where the route fuzzer aims on each route (fuzz.test.ts): real ids worth trying for path
 * parameters, a valid body to corrupt one field at a time, and whose cookies may be sent.
 */
import { type QualityFixture, type Role, VALID_TRAITS } from './qualityFixture.ts';

/** How to aim the fuzzer at one route; everything else about the request is random. */
export interface FuzzSpec {
  /** Real values worth trying for each path parameter, besides random and malformed text. */
  params?: Record<string, (f: QualityFixture) => string[]>;
  /** A valid body: the fuzzer sends it only with one field replaced by a wrongly typed value. */
  body?: (f: QualityFixture) => Record<string, unknown>;
  /** Whose session cookie may be sent (default: everyone's). */
  roles?: readonly Role[];
}

const agentIds = (f: QualityFixture) => [f.agentId, ...f.houseAgents];
const userIds = (f: QualityFixture) => Object.values(f.userIds);
const matchIds = (f: QualityFixture) => [f.scheduledMatchId, f.ownerMatchId, f.finishedMatchId];
const tournamentIds = (f: QualityFixture) => [f.tournamentId, f.finishedTournamentId];
const followKinds = () => ['agent', 'tournament', 'game'];

/**
 * One entry per route. Ids that would let a bodiless request succeed (the announced match and the
 * open tournament for cancel, the owner's agent for retire) are left out of those routes' pools, and the real
 * sessions out of logout's: a success there is a change, not a bug.
 */
export const FUZZ: Record<string, FuzzSpec> = {
  'GET /api/health': {},
  'GET /api/health/ready': {},
  'GET /api/games': {},
  'GET /api/matches': {},
  'GET /api/matches/:id': { params: { id: matchIds } },
  // The announced match's stream stays open by design; the finished one replays and ends.
  'GET /api/matches/:id/events': { params: { id: (f) => [f.finishedMatchId] } },
  'GET /api/matches/:id/pools': { params: { id: matchIds } },
  'GET /api/agents': {},
  'GET /api/agents/:id': { params: { id: agentIds } },
  'GET /api/agents/mine': {},
  'GET /previews/:kind/:file': {
    params: {
      kind: () => ['match', 'agent', 'tournament'],
      file: (f) => [...matchIds(f), ...agentIds(f), ...tournamentIds(f)].map((id) => `${id}.png`),
    },
  },
  'GET /robots.txt': {},
  'GET /sitemap.xml': {},
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
  // On the match the owner's agent plays: the owner's cookie meets the ownership check too.
  'POST /api/bets': {
    body: (f) => ({
      matchId: f.ownerMatchId,
      side: 'first',
      amount: 5,
      idempotencyKey: 'fuzz-key-0001',
    }),
  },
  'GET /api/bets': {},
  'GET /api/profile': {},
  'PATCH /api/profile': { body: () => ({ nickname: 'fuzzed_name' }) },
  'GET /api/push/key': {},
  'POST /api/push/subscriptions': {
    body: () => ({
      endpoint: 'https://fcm.googleapis.com/fcm/send/fuzzed',
      keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) },
    }),
  },
  'DELETE /api/push/subscriptions': {
    body: () => ({ endpoint: 'https://fcm.googleapis.com/fcm/send/fuzzed' }),
  },
  'GET /api/notifications': {},
  'GET /api/notifications/unread': {},
  'POST /api/notifications/:id/read': { params: { id: () => ['1', '999999'] } },
  'POST /api/notifications/read-all': {},
  'GET /api/notifications/preferences': {},
  'PUT /api/notifications/preferences': {
    body: () => ({ preferences: { commission: true, 'bet-settled': false } }),
  },
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
  'GET /api/follows': {},
  'GET /api/follows/:kind/:id': { params: { kind: followKinds, id: (f) => [f.agentId] } },
  // Real ids are left out of the writes' pools: following one is a change, not a bug.
  'PUT /api/follows/:kind/:id': { params: { kind: followKinds } },
  'DELETE /api/follows/:kind/:id': { params: { kind: followKinds } },
  // Without the secret: 401 before the body is read (routes.test.ts sends real updates).
  'POST /api/telegram/webhook': { body: () => ({ update_id: 1 }) },
  'GET /api/telegram/link': {},
  'POST /api/telegram/link': { body: () => ({ initData: 'user=%7B%22id%22%3A1%7D&hash=00' }) },
  // A visitor's only: a user's would make a code or unlink, a change rather than a bug.
  'POST /api/telegram/link-code': { roles: ['visitor'] },
  'DELETE /api/telegram/link': { roles: ['visitor'] },
  'POST /api/bots': { body: () => ({ name: 'Fuzzed Bot', games: ['connect4'] }) },
  'POST /api/bots/:id/token': {},
  'DELETE /api/bots/:id/token': {},
  'DELETE /api/bots/:id': {},
  'GET /api/admin/bots': {},
  'POST /api/admin/bots/:id/suspension': { body: () => ({ suspended: true }) },
  // Without a bot's token (server/botMatches.test.ts fuzzes the move with one).
  'GET /api/bot/me': {},
  'GET /api/bot/events': {},
  'POST /api/bot/matches/:id/moves': {
    params: { id: matchIds },
    body: () => ({ ply: 1, move: '4' }),
  },
  'GET /api/tournaments': {},
  'GET /api/tournaments/:id': { params: { id: tournamentIds } },
  // The open tournament's stream stays open by design; the finished one answers 204.
  'GET /api/tournaments/:id/events': { params: { id: (f) => [f.finishedTournamentId] } },
  'GET /api/agents/:id/tournaments': { params: { id: agentIds } },
  'POST /api/tournaments/:id/entrants': {
    params: { id: tournamentIds },
    body: (f) => ({ agentId: f.agentId }),
  },
  // Nobody is entered in the fixture's tournaments: every withdrawal is refused.
  'DELETE /api/tournaments/:id/entrants/:agentId': {
    params: { id: tournamentIds, agentId: agentIds },
  },
  'POST /api/admin/tournaments': {
    body: () => ({
      game: 'connect4',
      format: 'swiss',
      rounds: 3,
      startsAt: '2027-01-01T12:00:00.000Z',
      entryFee: 10,
      housePrize: 100,
      entrantLimit: 16,
      thinkTimeMs: 1000,
      prizeTable: [60, 30, 10],
    }),
  },
  'POST /api/admin/tournaments/:id/cancel': { params: { id: (f) => [f.finishedTournamentId] } },
};

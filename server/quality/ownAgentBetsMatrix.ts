/**
 * The authorisation matrix's rows for bets on a match an agent of the bettor plays: the same
 * route as the matrix's `POST /api/bets`, refused (409) to the agent's owner alone.
 */
import { insertMatch } from '#server/testing/economyFixtures.ts';
import {
  agentOfNewOwner,
  botOfNewOwner,
  type Case,
  json,
  type Row,
  unique,
} from './authorizationMatrix.ts';
import { createAgent } from './qualityFixture.ts';

/** A new announced match with `agentId` seated against a house agent. */
const matchOf = (c: Case, agentId: string) => insertMatch(c.f.db, [agentId, c.f.houseAgents[1]]);

/** A bet on `matchId` as `cookie`, on the side of the owner's agent. */
const betOn = (matchId: string, cookie: string) =>
  json('POST', '/api/bets', cookie, {
    matchId,
    side: 'first',
    amount: 1,
    idempotencyKey: unique('own-agent-'),
  });

/**
 * Bets on a match an agent of the owner role plays: refused to its owner alone (409), whatever
 * other rights they hold; the admin row seats the admin's own agent.
 */
export const OWN_AGENT_BETS: Record<string, Row> = {
  'POST /api/bets on a match of the owner’s custom agent': {
    expected: [401, 201, 409, 201],
    request: async (c) => {
      const agent = await agentOfNewOwner(c);
      return betOn(await matchOf(c, agent.id), agent.cookie);
    },
  },
  'POST /api/bets on a match of the owner’s bot': {
    expected: [401, 201, 409, 201],
    request: async (c) => {
      const bot = await botOfNewOwner(c);
      return betOn(await matchOf(c, bot.id), bot.cookie);
    },
  },
  'POST /api/bets by an admin on a match of the admin’s own agent': {
    expected: [401, 201, 201, 409],
    request: async (c) => {
      const adminAgent = await createAgent(c.f.app, c.f.cookies.admin, unique('Admin '));
      return betOn(await matchOf(c, adminAgent), c.cookie);
    },
  },
};

import type { FastifyInstance, HTTPMethods, LightMyRequestResponse } from 'fastify';
import type { LocalAccount } from 'viem';
import type { Queryable } from '#server/db/database.ts';
import {
  CENTRE_TRACE,
  endMatch,
  insertHouseAgents,
  insertMatch,
} from '#server/testing/economyFixtures.ts';
import { createTestWallet, signIn } from '#server/testing/signIn.ts';
import { createTestApp, type TestApp } from '#server/testing/testApp.ts';
import { insertTournament } from '#server/testing/tournamentFixtures.ts';

/** Who sends a request in the quality suites. */
export type Role = 'visitor' | 'user' | 'owner' | 'admin';

/** The roles in table order. */
export const ROLES: readonly Role[] = ['visitor', 'user', 'owner', 'admin'];

/**
 * A seeded app: three signed-in wallets, a custom agent, a bot of a fourth user, two announced
 * matches (one with that agent seated) and a finished one with a stored move and an event in the
 * bot's log, a tournament taking entries and a finished one.
 */
export interface QualityFixture extends TestApp {
  wallets: Record<Exclude<Role, 'visitor'>, LocalAccount>;
  /** A session cookie per role (empty for the visitor). */
  cookies: Record<Role, string>;
  userIds: Record<Exclude<Role, 'visitor'>, string>;
  /** The owner's custom agent. */
  agentId: string;
  houseAgents: [string, string];
  /** A bot of its own owner (not one of the roles), so every table the fingerprint reads has rows. */
  botId: string;
  /** Taking bets; its event stream would stay open. */
  scheduledMatchId: string;
  /** Taking bets, with the owner's custom agent seated: the owner may not bet on it. */
  ownerMatchId: string;
  /** Over: its event stream replays and ends. */
  finishedMatchId: string;
  /** Taking entries (room for every request the suites send), starting in a day. */
  tournamentId: string;
  /** Over: cannot be entered, withdrawn from or cancelled. */
  finishedTournamentId: string;
}

/** Environment that keeps every rate limit out of the way of the quality suites. */
const NO_LIMITS = {
  AUTH_RATE_LIMIT_PER_MINUTE: '100000',
  BET_RATE_LIMIT_PER_MINUTE: '100000',
  WRITE_RATE_LIMIT_PER_MINUTE: '100000',
};

/**
 * A Telegram bot, so the suites cover its routes; its Bot API root refuses every connection
 * (nothing the suites send gets past the webhook's secret or needs a reply).
 */
export const QUALITY_TELEGRAM = {
  TELEGRAM_BOT_TOKEN: '123456:quality-suite-bot',
  TELEGRAM_WEBHOOK_SECRET: 'quality-suite-webhook-secret',
  TELEGRAM_BOT_USERNAME: 'gridmind_quality_bot',
  TELEGRAM_API_ROOT: 'http://127.0.0.1:9',
} as const;

/** Agent traits valid for a custom agent. */
export const VALID_TRAITS = { skill: 3, style: 'balanced', risk: 0.5, thinkTimeMs: 200 };

/** Sends a JSON body (or none) as `cookie`. */
export function send(
  app: FastifyInstance,
  method: HTTPMethods,
  url: string,
  cookie: string,
  body?: unknown,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url,
    headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}

/** Creates a custom agent for the user with `cookie` through the API; returns its id. */
export async function createAgent(app: FastifyInstance, cookie: string, name: string) {
  const response = await send(app, 'POST', '/api/agents', cookie, { name, traits: VALID_TRAITS });
  if (response.statusCode !== 201) throw new Error(`agent creation: ${response.body}`);
  return (response.json() as { id: string }).id;
}

async function userIdOf(app: FastifyInstance, cookie: string): Promise<string> {
  const me = await send(app, 'GET', '/api/me', cookie);
  return (me.json() as { userId: string }).userId;
}

/** Builds the seeded app on one database kind. */
export async function createQualityFixture(kind: 'pglite' | 'postgres'): Promise<QualityFixture> {
  const wallets = {
    user: createTestWallet(),
    owner: createTestWallet(),
    admin: createTestWallet(),
  };
  const t = await createTestApp(kind, {
    ...NO_LIMITS,
    ...QUALITY_TELEGRAM,
    ADMIN_ADDRESSES: wallets.admin.address,
  });
  const cookies: Record<Role, string> = {
    visitor: '',
    user: await signIn(t.app, wallets.user),
    owner: await signIn(t.app, wallets.owner),
    admin: await signIn(t.app, wallets.admin),
  };
  const userIds = {
    user: await userIdOf(t.app, cookies.user),
    owner: await userIdOf(t.app, cookies.owner),
    admin: await userIdOf(t.app, cookies.admin),
  };
  const houseAgents = await insertHouseAgents(t.db);
  const agentId = await createAgent(t.app, cookies.owner, 'Fixture Bot');
  const scheduledMatchId = await insertMatch(t.db, houseAgents, 'scheduled');
  const ownerMatchId = await insertMatch(t.db, [agentId, houseAgents[1]], 'scheduled');
  const finishedMatchId = await insertMatch(t.db, houseAgents, 'live', '4');
  await t.db.query(
    `insert into match_moves (match_id, ply, move, agent_id, trace, played_at)
     values ($1, 1, '4', $2, $3::jsonb, now())`,
    [finishedMatchId, houseAgents[0], JSON.stringify(CENTRE_TRACE)],
  );
  await endMatch(t.db, finishedMatchId, 'draw');
  const bot = await send(t.app, 'POST', '/api/bots', await signIn(t.app), {
    name: 'Fixture Engine',
    games: ['connect4'],
  });
  if (bot.statusCode !== 201) throw new Error(`bot creation: ${bot.body}`);
  const botId = (bot.json() as { id: string }).id;
  const tomorrow = new Date(t.clock.now() + 86_400_000);
  const tournamentId = await insertTournament(t.db, {
    startsAt: tomorrow,
    entryFee: 1,
    entrantLimit: 256,
  });
  const finishedTournamentId = await insertTournament(t.db, {
    startsAt: new Date(t.clock.now() - 86_400_000),
    status: 'finished',
  });
  await t.db.query(
    `insert into bot_events (bot_id, match_id, kind, payload) values ($1, $2, 'match-end', $3)`,
    [botId, finishedMatchId, JSON.stringify({ matchId: finishedMatchId })],
  );
  return {
    ...t,
    wallets,
    cookies,
    userIds,
    agentId,
    houseAgents,
    botId,
    scheduledMatchId,
    ownerMatchId,
    finishedMatchId,
    tournamentId,
    finishedTournamentId,
  };
}

/**
 * One string that changes when anything a user owns or can be charged changes: users and their
 * balances and roles, the ledger, bets, agents, bots and their event logs, matches and their
 * moves, tournaments and their entrants, follows, and signed-in sessions (visitors' sessions and nonces excluded: asking for a nonce is
 * allowed to make them; `last_seen_at` too, which any request may touch).
 */
export async function databaseFingerprint(db: Queryable): Promise<string> {
  const { rows } = await db.query<{ part: string | null }>(
    `select concat_ws('|',
       (select string_agg(concat_ws(',', id, nickname, balance, is_admin), ';' order by id)
          from users),
       (select concat_ws(',', count(*), sum(amount)) from ledger_entries),
       (select string_agg(concat_ws(',', id, match_id, side, amount, status, payout), ';'
          order by id) from bets),
       (select string_agg(concat_ws(',', id, name, tagline, traits::text, color, hidden,
          retired_at, owner_id), ';' order by id) from agents),
       (select string_agg(concat_ws(',', id, status, moves, result), ';' order by id) from matches),
       (select count(*) from match_settlements),
       (select string_agg(concat_ws(',', agent_id, token_hash, suspended_at, online_until), ';'
          order by agent_id) from bots),
       (select string_agg(concat_ws(',', seq, bot_id, match_id, kind, payload::text), ';'
          order by seq) from bot_events),
       (select string_agg(concat_ws(',', match_id, ply, move, agent_id, trace::text), ';'
          order by match_id, ply) from match_moves),
       (select string_agg(concat_ws(',', id, status, starts_at, entry_fee, entrant_limit), ';'
          order by id) from tournaments),
       (select string_agg(concat_ws(',', tournament_id, agent_id, entered_by, fee_paid), ';'
          order by tournament_id, agent_id) from tournament_entrants),
       (select string_agg(concat_ws(',', user_id, target_kind, target_id), ';'
          order by user_id, target_kind, target_id) from follows),
       (select string_agg(concat_ws(',', token_hash, user_id, chain_id, expires_at), ';'
          order by token_hash) from sessions where user_id is not null)) as part`,
  );
  return rows[0]?.part ?? '';
}

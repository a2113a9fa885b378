import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '#server/db/database.ts';
import { signIn } from './signIn.ts';

/** A stored move's trace as the runner writes one: a centre drop at depth 1. */
export const CENTRE_TRACE = {
  candidates: [{ move: '4', score: 0 }],
  depth: 1,
  nodes: 1,
  chosen: '4',
  reason: 'centre',
};

/** Two roster-like agents without owners (their commission goes to the house). */
export async function insertHouseAgents(db: Queryable): Promise<[string, string]> {
  const traits = JSON.stringify({ skill: 1, style: 'balanced', risk: 0, thinkTimeMs: 100 });
  for (const id of ['house-a', 'house-b']) {
    await db.query(
      `insert into agents (id, name, traits, kind) values ($1, $1, $2, 'builtin')
       on conflict (id) do nothing`,
      [id, traits],
    );
  }
  return ['house-a', 'house-b'];
}

/** Inserts a match in `status` between two agents and returns its id. */
export async function insertMatch(
  db: Queryable,
  agents: readonly [string, string],
  status: 'scheduled' | 'live' = 'scheduled',
  moves = '',
): Promise<string> {
  const id = randomUUID();
  await db.query(
    `insert into matches (id, game, status, first_agent_id, second_agent_id, first_rating,
       second_rating, seed, moves, started_at, starts_at)
     values ($1, 'connect4', $2, $3, $4, 1500, 1500, 1, $5, now(), now())`,
    [id, status, agents[0], agents[1], moves],
  );
  return id;
}

/** Ends a match the way the runner does, without settling it. */
export async function endMatch(
  db: Queryable,
  matchId: string,
  result: 'first' | 'second' | 'draw' | null,
): Promise<void> {
  await db.query(`update matches set status = $2, result = $3, ended_at = now() where id = $1`, [
    matchId,
    result ? 'finished' : 'cancelled',
    result,
  ]);
}

/** Signs in `count` fresh users; returns their cookies and ids. */
export async function signInUsers(
  app: FastifyInstance,
  count: number,
): Promise<{ cookie: string; userId: string }[]> {
  const users = [];
  for (let index = 0; index < count; index++) {
    const cookie = await signIn(app);
    const me = await app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    users.push({ cookie, userId: (me.json() as { userId: string }).userId });
  }
  return users;
}

/** Posts a bet as the user with `cookie`. */
export function postBet(app: FastifyInstance, cookie: string, body: unknown) {
  return app.inject({
    method: 'POST',
    url: '/api/bets',
    headers: { cookie, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
}

/**
 * Inserts an agent owned by `ownerId` playing Connect Four: a custom agent, or a bot with a token,
 * online until `onlineUntil` (offline without it). Returns its id.
 */
export async function insertOwnedAgent(
  db: Queryable,
  ownerId: string,
  kind: 'bot' | 'custom',
  onlineUntil: Date | null = null,
): Promise<string> {
  const id = `${kind}-${randomUUID()}`;
  const traits = JSON.stringify({ skill: 1, style: 'balanced', risk: 0, thinkTimeMs: 100 });
  await db.query(
    `insert into agents (id, name, traits, kind, owner_id) values ($1, $1, $2, $3, $4::uuid)`,
    [id, traits, kind, ownerId],
  );
  if (kind === 'bot') {
    await db.query(
      `insert into bots (agent_id, token_hash, online_until, created_at) values ($1, $2, $3, now())`,
      [id, randomUUID(), onlineUntil],
    );
  }
  return id;
}

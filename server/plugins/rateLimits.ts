import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { createRateLimiter, type RateDecision } from './rateLimiter.ts';
import { routeKey } from './routeList.ts';

const MINUTE_MS = 60_000;

/** The budgets writes that cost the server draw from, each with its own per-minute allowance. */
type Budget = 'bets' | 'writes';

/**
 * Which routes spend which budget. Sign-in (`/auth/*`) has its own limit in the auth routes; reads
 * are cheap and coalesced, and admin routes are for trusted people.
 */
const RATE_LIMITED_ROUTES: Readonly<Record<string, Budget>> = {
  'POST /api/bets': 'bets',
  'POST /api/agents': 'writes',
  'PATCH /api/agents/:id': 'writes',
  'DELETE /api/agents/:id': 'writes',
  'PATCH /api/profile': 'writes',
  'POST /api/push/subscriptions': 'writes',
  'DELETE /api/push/subscriptions': 'writes',
  'POST /api/bots': 'writes',
  'POST /api/bots/:id/token': 'writes',
  'DELETE /api/bots/:id/token': 'writes',
  'DELETE /api/bots/:id': 'writes',
  'POST /api/tournaments/:id/entrants': 'writes',
  'DELETE /api/tournaments/:id/entrants/:agentId': 'writes',
  'PUT /api/follows/:kind/:id': 'writes',
  'DELETE /api/follows/:kind/:id': 'writes',
};

const REFUSALS: Readonly<Record<Budget, string>> = {
  bets: 'Too many bets',
  writes: 'Too many changes',
};

/** A signed-in caller is counted by user (all their sessions share it), a visitor by address. */
function callerKey(request: FastifyRequest): string {
  return request.user ? `user:${request.user.userId}` : `ip:${request.ip}`;
}

/** Answers a refused request: 429, `Retry-After` and a sentence starting with `refusal`. */
export function refuseForRate(reply: FastifyReply, decision: RateDecision, refusal: string) {
  const seconds = decision.retryAfterSeconds;
  return reply
    .code(429)
    .header('retry-after', String(seconds))
    .send({ error: `${refusal}: try again in ${seconds} s.` });
}

/**
 * Limits costly writes per caller, for the platform (every process counts in one shared window):
 * over budget answers 429 with `Retry-After` and a sentence saying when to retry, before the body
 * is even parsed. Needs request.user (registerAuth) first.
 */
export function registerRateLimits(
  app: FastifyInstance,
  perMinute: Readonly<Record<Budget, number>>,
): void {
  const { db, now } = app.gridmind;
  const hooks = new Map<Budget, onRequestHookHandler>();
  for (const budget of ['bets', 'writes'] as const) {
    const limiter = createRateLimiter({
      db,
      budget,
      max: perMinute[budget],
      windowMs: MINUTE_MS,
      now,
    });
    hooks.set(budget, async (request: FastifyRequest, reply: FastifyReply) => {
      const decision = await limiter.hit(callerKey(request));
      if (!decision.allowed) return refuseForRate(reply, decision, REFUSALS[budget]);
    });
  }

  const limited = new Set<string>();
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      const key = routeKey({ method, url: route.url });
      const budget = RATE_LIMITED_ROUTES[key];
      const hook = budget && hooks.get(budget);
      if (!hook) continue;
      limited.add(key);
      route.onRequest = [route.onRequest ?? []].flat().concat(hook);
    }
  });
  // A renamed route must not silently lose its limit.
  app.addHook('onReady', async () => {
    const missing = Object.keys(RATE_LIMITED_ROUTES).filter((key) => !limited.has(key));
    if (missing.length > 0) throw new Error(`Rate-limited routes not found: ${missing.join(', ')}`);
  });
}

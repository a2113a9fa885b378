import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createBatcher } from '#server/db/batcher.ts';
import { sessionCookie } from '#server/modules/auth/sessionCookie.ts';
import { findSessions, type SessionRecord } from '#server/modules/auth/sessionStore.ts';
import { signInHintCookie } from '#server/modules/auth/signInHintCookie.ts';

/** Who is making the request, when signed in. */
interface RequestUser {
  userId: string;
  address: string;
  isAdmin: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null for a visitor. */
    user: RequestUser | null;
    /** The cookie's live session (a visitor's too), or null. */
    session: SessionRecord | null;
  }
}

/** Paths whose handlers may need the session; static files and pages skip the lookup. */
const SESSION_PATHS = ['/api/', '/auth/'];
/** The most sessions one look-up reads. */
const SESSIONS_PER_READ = 250;

/**
 * Reads the session cookie of API requests and sets request.session and request.user; clears a
 * sign-in hint that no signed-in session backs, so a stale hint costs the client one 401 at most.
 */
export function registerAuth(app: FastifyInstance): void {
  const { config, db, now } = app.gridmind;
  const cookieName = sessionCookie(config.APP_ORIGIN).name;
  const hint = signInHintCookie(config.APP_ORIGIN);
  // The sessions of requests that arrive together are read in one statement: a thousand bettors
  // at once cost a few reads, not a thousand (PGlite runs one statement at a time).
  const findSession = createBatcher<string, SessionRecord | null>({
    runBatch: (tokens) => findSessions(db, tokens, now()),
    runOne: async (token) => (await findSessions(db, [token], now()))[0] ?? null,
    // The same cookie twice in one read would answer both; apart is simpler and as right.
    keyOf: (token) => token,
    maxBatch: SESSIONS_PER_READ,
    onBatchError: (error) => app.log.warn({ err: error }, 'a batch of session reads failed'),
  });
  app.decorateRequest('user', null);
  app.decorateRequest('session', null);
  app.addHook('onRequest', async (request, reply) => {
    if (!SESSION_PATHS.some((prefix) => request.url.startsWith(prefix))) return;
    const token = request.cookies[cookieName];
    const session = token ? await findSession(token) : null;
    request.session = session;
    if (session?.userId && session.address) {
      request.user = { userId: session.userId, address: session.address, isAdmin: session.isAdmin };
    } else if (request.cookies[hint.name] !== undefined) {
      // A successful sign-in in this same request sets the hint again, replacing this clear.
      reply.clearCookie(hint.name, { path: '/', secure: hint.options.secure ?? false });
    }
  });
}

/** preHandler: 401 unless signed in. */
export async function requireUser(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (!request.user) await reply.code(401).send({ error: 'Not signed in' });
}

/** preHandler: 401 for visitors, 403 for signed-in users who are not admins. */
export async function requireAdmin(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (!request.user) await reply.code(401).send({ error: 'Not signed in' });
  else if (!request.user.isAdmin) await reply.code(403).send({ error: 'Admins only' });
}

import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyError, FastifyPluginAsync, FastifyReply } from 'fastify';
import { getAddress } from 'viem';
import { verifyRequestSchema } from '../../../core/protocol/auth.ts';
import { upsertUserAtSignIn } from '../../db/stores/userStore.ts';
import { isNavigation, sendClientIndex } from '../../plugins/client.ts';
import { toErrorResponse } from '../../plugins/errors.ts';
import { consumeNonce, deleteExpiredNonces, issueNonce } from './nonceStore.ts';
import { sessionCookie } from './sessionCookie.ts';
import { createSession, deleteExpiredSessions, deleteSession } from './sessionStore.ts';
import type { SignatureVerifier } from './signatureVerifier.ts';
import { signInHintCookie } from './signInHintCookie.ts';
import { isSiweMessageAcceptable, parseSiweMessage } from './siweMessage.ts';
import { hashSessionToken } from './tokens.ts';

/** What the auth routes need beyond the app: how signatures are checked. */
export interface AuthRoutesOptions {
  verifySignature: SignatureVerifier;
  /** Whether a built client is served (so a navigation to /auth/logout gets the page). */
  servesClient: boolean;
}

/** Statuses a failed verify keeps; every other failure is the same 401 `{success:false}`. */
const KEPT_STATUSES = new Set([403, 413, 429]);

/** The sign-in endpoints AppKit's SIWX config calls: nonce, verify, session, logout. */
export const authRoutes: FastifyPluginAsync<AuthRoutesOptions> = async (app, options) => {
  const { config, db, now } = app.gridmind;
  const cookie = sessionCookie(config.APP_ORIGIN);
  const hint = signInHintCookie(config.APP_ORIGIN);

  // Registered inside this plugin, the limit covers /auth/* only, counted per client address.
  await app.register(fastifyRateLimit, {
    max: config.AUTH_RATE_LIMIT_PER_MINUTE,
    timeWindow: 60_000,
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'no-store');
    return payload;
  });

  const signedOut = (reply: FastifyReply) => reply.code(401).send({ success: false });

  app.get('/auth/nonce', async (request, reply) => {
    const nowMs = now();
    let sessionHash = request.session?.tokenHash;
    if (!sessionHash) {
      // New visitors are where abandoned rows come from, so they pay for the clean-up.
      await deleteExpiredNonces(db, nowMs);
      await deleteExpiredSessions(db, nowMs);
      const token = await createSession(db, nowMs);
      reply.setCookie(cookie.name, token, cookie.options);
      sessionHash = hashSessionToken(token);
    }
    const nonce = await issueNonce(db, sessionHash, nowMs);
    return reply.type('text/plain; charset=utf-8').send(nonce);
  });

  app.post('/auth/verify', {
    errorHandler(error: FastifyError, _request, reply) {
      const { status, body } = toErrorResponse(error);
      if (KEPT_STATUSES.has(status)) return reply.code(status).send(body);
      return signedOut(reply);
    },
    handler: async (request, reply) => {
      const body = verifyRequestSchema.safeParse(request.body);
      const session = request.session;
      if (!body.success || !session) return signedOut(reply);

      const message = parseSiweMessage(body.data.message);
      if (!message) return signedOut(reply);
      // Burn the nonce before anything else can fail: one nonce, one attempt, one winner.
      const nonce = await consumeNonce(db, message.nonce, session.tokenHash, now());
      if (!nonce) return signedOut(reply);
      const nowMs = now();
      const acceptable = isSiweMessageAcceptable(message, {
        appOrigin: config.APP_ORIGIN,
        nowMs,
        nonceIssuedAtMs: nonce.issuedAtMs,
      });
      if (!acceptable) return signedOut(reply);
      const signed = await options.verifySignature({
        address: message.address,
        message: body.data.message,
        signature: body.data.signature as `0x${string}`,
        chainId: message.chainId,
      });
      if (!signed) return signedOut(reply);

      const address = message.address.toLowerCase();
      const user = await upsertUserAtSignIn(db, address, config.ADMIN_ADDRESSES.includes(address));
      // A new session id at sign-in, so a cookie planted before it (session fixation) is useless.
      const token = await db.transaction(async (tx) => {
        await deleteSession(tx, session.tokenHash);
        return createSession(tx, nowMs, { userId: user.userId, chainId: message.chainId });
      });
      reply.setCookie(cookie.name, token, cookie.options);
      reply.setCookie(hint.name, '1', hint.options);
      return reply.send({ success: true });
    },
  });

  app.get('/auth/session', async (request, reply) => {
    const session = request.session;
    if (!session?.address || session.chainId === null) {
      return reply.type('application/json; charset=utf-8').send('null');
    }
    return reply.send({ address: getAddress(session.address), chainId: session.chainId });
  });

  app.get('/auth/logout', async (request, reply) => {
    // A navigation gets the client's Sign Out page (SPEC: /auth/logout is a page), which signs
    // out by calling this with fetch. So a link to it, even from another site, does sign the user
    // out; we accept that, as it only ends a session and the SPEC asks for the URL to work.
    if (options.servesClient && isNavigation(request)) return sendClientIndex(reply);
    if (request.session) await deleteSession(db, request.session.tokenHash);
    reply.clearCookie(cookie.name, { path: '/', secure: cookie.options.secure ?? false });
    reply.clearCookie(hint.name, { path: '/', secure: hint.options.secure ?? false });
    return reply.send({});
  });
};

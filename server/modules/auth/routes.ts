import type { FastifyError, FastifyPluginAsync, FastifyReply } from 'fastify';
import { getAddress } from 'viem';
import { verifyRequestSchema } from '#core/protocol/auth.ts';
import { isNavigation, sendClientIndex } from '#server/plugins/client.ts';
import { toErrorResponse } from '#server/plugins/errors.ts';
import { createRateLimiter } from '#server/plugins/rateLimiter.ts';
import { refuseForRate } from '#server/plugins/rateLimits.ts';
import type { SignatureCheckPool } from '#server/plugins/signatureCheckPool.ts';
import type { ContractSignatureVerifier } from './contractSignatureVerifier.ts';
import { deleteExpiredNonces, issueNonce } from './nonceStore.ts';
import { sessionCookie } from './sessionCookie.ts';
import { deleteExpiredSessions, deleteSession } from './sessionStore.ts';
import { signInHintCookie } from './signInHintCookie.ts';
import { createSignInWrites } from './signInWrites.ts';
import { isSiweMessageAcceptable, type StrictSiweMessage } from './siweMessage.ts';

/** What the auth routes need beyond the app: how signatures are checked. */
export interface AuthRoutesOptions {
  /**
   * The signature-check threads: each verify's message is read and its EOA signer recovered
   * there (warmed at a nonce, a place held during a verify).
   */
  signatureChecks: Pick<SignatureCheckPool, 'admit' | 'warm' | 'check'>;
  /** For a signature no EOA made: asks the chain whether a contract wallet accepts it. */
  verifyContractSignature: ContractSignatureVerifier;
  /** Whether a built client is served (so a navigation to /auth/logout gets the page). */
  servesClient: boolean;
}

/** Statuses a failed verify keeps; every other failure is the same 401 `{success:false}`. */
const KEPT_STATUSES = new Set([403, 413, 429, 503]);

/** Expired sessions and nonces are swept at most this often per process, not per visitor. */
const CLEANUP_EVERY_MS = 60_000;

/** The answer when every signature-check place is taken; the nonce is still unspent. */
const SIGN_IN_BUSY = 'Too many sign-ins at once; please try again in a moment.';

/** The sign-in endpoints AppKit's SIWX config calls: nonce, verify, session, logout. */
export const authRoutes: FastifyPluginAsync<AuthRoutesOptions> = async (app, options) => {
  const { config, db, now } = app.gridmind;
  const cookie = sessionCookie(config.APP_ORIGIN);
  const hint = signInHintCookie(config.APP_ORIGIN);
  // A burst of sign-ins shares statements: each step is batched with the same step of the others.
  const writes = createSignInWrites(db, now, (error) =>
    app.log.warn({ err: error }, 'a batch of sign-in writes failed; writing them one by one'),
  );

  // A hook of this plugin, so the limit covers /auth/* only, counted per client address on every
  // process together.
  const signInLimiter = createRateLimiter({
    db,
    budget: 'sign-in',
    max: config.AUTH_RATE_LIMIT_PER_MINUTE,
    windowMs: 60_000,
    now,
  });
  app.addHook('onRequest', async (request, reply) => {
    const decision = await signInLimiter.hit(`ip:${request.ip}`);
    if (!decision.allowed) return refuseForRate(reply, decision, 'Too many requests');
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'no-store');
    return payload;
  });

  const signedOut = (reply: FastifyReply) => reply.code(401).send({ success: false });
  let lastCleanupMs = Number.NEGATIVE_INFINITY;

  app.get('/auth/nonce', async (request, reply) => {
    options.signatureChecks.warm();
    const nowMs = now();
    const sessionHash = request.session?.tokenHash;
    if (sessionHash) {
      const nonce = await issueNonce(db, sessionHash, nowMs);
      return reply.type('text/plain; charset=utf-8').send(nonce);
    }
    // New visitors are where abandoned rows come from, so they pay for the clean-up; once a
    // minute is enough (every read skips expired rows), where once per visitor cost a burst of
    // 500 sign-ins 1,000 extra statements.
    if (nowMs - lastCleanupMs >= CLEANUP_EVERY_MS) {
      lastCleanupMs = nowMs;
      await deleteExpiredNonces(db, nowMs);
      await deleteExpiredSessions(db, nowMs);
    }
    const { token, nonce } = await writes.startSessionWithNonce();
    reply.setCookie(cookie.name, token, cookie.options);
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

      const signature = body.data.signature as `0x${string}`;
      // A place for the check is held before the nonce is spent, so a refusal for load (503)
      // leaves the nonce and the wallet's signature good for a retry.
      const place = options.signatureChecks.admit();
      if (!place) return reply.code(503).header('retry-after', '1').send({ error: SIGN_IN_BUSY });
      let message: StrictSiweMessage;
      let signed: boolean;
      try {
        // Reading the message and recovering its signer both happen off the event loop, in one
        // trip to a thread; the verdict is used only once the nonce is spent.
        const checked = await options.signatureChecks.check({
          message: body.data.message,
          signature,
        });
        if (!checked.message) return signedOut(reply);
        message = checked.message;
        // Burn the nonce whatever the signature: one nonce, one attempt, one winner.
        const nonce = await writes.consumeNonce(message.nonce, session.tokenHash);
        if (!nonce) return signedOut(reply);
        const acceptable = isSiweMessageAcceptable(message, {
          appOrigin: config.APP_ORIGIN,
          nowMs: now(),
          nonceIssuedAtMs: nonce.issuedAtMs,
        });
        if (!acceptable) return signedOut(reply);
        signed =
          checked.signedByEoa ||
          (await options.verifyContractSignature({
            address: message.address,
            message: body.data.message,
            signature,
            chainId: message.chainId,
          }));
      } finally {
        place.release();
      }
      if (!signed) return signedOut(reply);

      const address = message.address.toLowerCase();
      // A new session id at sign-in, so a cookie planted before it (session fixation) is useless.
      const { token } = await writes.signIn({
        oldTokenHash: session.tokenHash,
        address,
        isAdmin: config.ADMIN_ADDRESSES.includes(address),
        chainId: message.chainId,
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

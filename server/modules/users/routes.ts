import type { FastifyPluginAsync } from 'fastify';
import { getAddress } from 'viem';
import type { Me } from '#core/protocol/auth.ts';
import { findUserById } from '#server/db/stores/userStore.ts';
import { requireUser } from '#server/plugins/auth.ts';
import { HttpError } from '#server/plugins/errors.ts';

/** `GET /api/me`: the signed-in user with nickname, balance and role; 401 for visitors. */
export const userRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.gridmind;
  app.get('/api/me', { preHandler: requireUser }, async (request, reply) => {
    const user = request.user ? await findUserById(db, request.user.userId) : null;
    // The session can outlive its user row only if the row was deleted: treat as signed out.
    if (!user) throw new HttpError(401, 'Not signed in');
    reply.header('cache-control', 'no-store');
    const me: Me = {
      userId: user.userId,
      address: getAddress(user.address),
      userInfo: {
        nickname: user.nickname,
        // Exact while below 2^53 points; the database keeps the bigint either way.
        balance: Number(user.balance),
        isAdmin: user.isAdmin,
      },
    };
    return me;
  });
};

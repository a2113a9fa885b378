import type { FastifyPluginAsync } from 'fastify';
import { type AdminUsersResponse, adminUsersQuerySchema } from '#core/protocol/adminUsers.ts';
import { searchUsers } from '#server/db/stores/userStore.ts';
import { requireAdmin } from '#server/plugins/auth.ts';

/** Most users one admin list request returns. */
const ADMIN_USERS_LIMIT = 100;

/** Admin-only API: every route checks the role on the server (401 visitor, 403 non-admin). */
export const adminRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.gridmind;
  app.addHook('preHandler', requireAdmin);

  app.get('/api/admin/users', async (request, reply) => {
    const { query } = adminUsersQuerySchema.parse(request.query);
    const users = await searchUsers(db, query, ADMIN_USERS_LIMIT);
    reply.header('cache-control', 'no-store');
    const response: AdminUsersResponse = {
      users: users.map((user) => ({
        userId: user.userId,
        address: user.address,
        nickname: user.nickname,
        balance: user.balance.toString(),
        isAdmin: user.isAdmin,
        createdAt: user.createdAt.toISOString(),
      })),
    };
    return response;
  });
};

import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import {
  notificationPageQuerySchema,
  updateNotificationPreferencesBodySchema,
} from '#core/protocol/notifications.ts';
import { requireUser } from '#server/plugins/auth.ts';
import { HttpError } from '#server/plugins/errors.ts';
import {
  listNotifications,
  markAllRead,
  markRead,
  readPreferences,
  unreadCount,
  writePreferences,
} from './notificationStore.ts';

const idParamsSchema = z.object({
  id: z.string().regex(/^[0-9]{1,18}$/, 'This notification does not exist.'),
});

/**
 * The signed-in user's notifications (issue 48): the list (newest first, cursor paging), the
 * unread count, marking read, and which kinds they want.
 */
export const notificationRoutes: FastifyPluginAsync = async (app) => {
  const { db, now } = app.gridmind;
  const userOf = (request: { user?: { userId: string } | null }) => {
    const userId = request.user?.userId;
    if (!userId) throw new HttpError(401, 'Not signed in');
    return userId;
  };
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/notifications')) reply.header('cache-control', 'no-store');
  });

  app.get('/api/notifications', { preHandler: requireUser }, async (request) => {
    const { before, limit } = notificationPageQuerySchema.parse(request.query);
    return listNotifications(db, userOf(request), before, limit);
  });

  app.get('/api/notifications/unread', { preHandler: requireUser }, async (request) => ({
    unread: await unreadCount(db, userOf(request)),
  }));

  app.post('/api/notifications/:id/read', { preHandler: requireUser }, async (request) => {
    const { id } = idParamsSchema.parse(request.params);
    const userId = userOf(request);
    if (!(await markRead(db, userId, id, new Date(now())))) {
      throw new HttpError(404, 'This notification does not exist.');
    }
    return { unread: await unreadCount(db, userId) };
  });

  app.post('/api/notifications/read-all', { preHandler: requireUser }, async (request) => {
    const userId = userOf(request);
    await markAllRead(db, userId, new Date(now()));
    return { unread: 0 };
  });

  app.get('/api/notifications/preferences', { preHandler: requireUser }, async (request) => ({
    preferences: await readPreferences(db, userOf(request)),
  }));

  app.put('/api/notifications/preferences', { preHandler: requireUser }, async (request) => {
    const { preferences } = updateNotificationPreferencesBodySchema.parse(request.body);
    const userId = userOf(request);
    await writePreferences(db, userId, preferences);
    return { preferences: await readPreferences(db, userId) };
  });
};

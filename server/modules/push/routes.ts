import type { FastifyPluginAsync } from 'fastify';
import { pushSubscriptionBodySchema, pushUnsubscribeBodySchema } from '#core/protocol/push.ts';
import { requireUser } from '#server/plugins/auth.ts';
import { HttpError } from '#server/plugins/errors.ts';
import { isKnownPushService } from './pushServiceHosts.ts';
import { removeSubscription, saveSubscription } from './subscriptionStore.ts';
import { loadVapidKeys } from './vapidKeys.ts';

/**
 * Web Push subscriptions: `GET /api/push/key` (the VAPID public key a browser subscribes with),
 * `POST /api/push/subscriptions` and `DELETE /api/push/subscriptions` (by endpoint) for the
 * signed-in user's devices. The key pair is made here at start if no process has made it yet.
 * An endpoint must be on a push service of PUSH_SERVICE_HOSTS: the server later POSTs to it.
 */
export const pushRoutes: FastifyPluginAsync = async (app) => {
  const { config, db, now } = app.gridmind;
  const { publicKey } = await loadVapidKeys(db, now());

  app.get('/api/push/key', async (_request, reply) => {
    // The key never changes (vapidKeys.ts), but a day's cache is enough to save the request.
    reply.header('cache-control', 'public, max-age=86400');
    return { publicKey };
  });

  app.post('/api/push/subscriptions', { preHandler: requireUser }, async (request, reply) => {
    const subscription = pushSubscriptionBodySchema.parse(request.body);
    if (!isKnownPushService(subscription.endpoint, config.PUSH_SERVICE_HOSTS)) {
      throw new HttpError(
        400,
        "This browser's push service is not one Gridmind sends to; notifications cannot be turned on here.",
      );
    }
    await saveSubscription(db, request.user?.userId ?? '', subscription, new Date(now()));
    return reply.code(204).send();
  });

  app.delete('/api/push/subscriptions', { preHandler: requireUser }, async (request, reply) => {
    const { endpoint } = pushUnsubscribeBodySchema.parse(request.body);
    await removeSubscription(db, request.user?.userId ?? '', endpoint);
    return reply.code(204).send();
  });
};

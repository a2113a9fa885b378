import type { FastifyPluginAsync } from 'fastify';
import { updateProfileBodySchema } from '#core/protocol/profile.ts';
import { requireUser } from '#server/plugins/auth.ts';
import { HttpError } from '#server/plugins/errors.ts';
import { isNicknameTaken, loadProfile, setNickname } from './profileStore.ts';

const isUniqueViolation = (error: unknown): boolean =>
  (error as { code?: unknown } | null)?.code === '23505';

/** `GET /api/profile` and `PATCH /api/profile` (nickname) for the signed-in user. */
export const profileRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.gridmind;

  app.get('/api/profile', { preHandler: requireUser }, async (request, reply) => {
    const profile = await loadProfile(db, request.user?.userId ?? '');
    if (!profile) throw new HttpError(401, 'Not signed in');
    reply.header('cache-control', 'no-store');
    return profile;
  });

  app.patch('/api/profile', { preHandler: requireUser }, async (request) => {
    const { nickname } = updateProfileBodySchema.parse(request.body);
    const userId = request.user?.userId ?? '';
    try {
      if (await isNicknameTaken(db, nickname, userId)) {
        throw new HttpError(409, 'This nickname is taken.');
      }
      await setNickname(db, userId, nickname);
    } catch (error) {
      // Two people racing for one name: the unique index decides, the loser hears the same.
      if (isUniqueViolation(error)) throw new HttpError(409, 'This nickname is taken.');
      throw error;
    }
    return { nickname };
  });
};

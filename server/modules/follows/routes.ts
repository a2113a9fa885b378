import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  type FollowedItem,
  type FollowTarget,
  followTargetHref,
  followTargetSchema,
  MAX_FOLLOWS_PER_USER,
  TOO_MANY_FOLLOWS,
} from '#core/protocol/follows.ts';
import { requireUser } from '#server/plugins/auth.ts';
import { HttpError } from '#server/plugins/errors.ts';
import {
  countFollowsLocked,
  deleteFollow,
  followState,
  insertFollow,
  listFollows,
} from './followStore.ts';
import { targetExists, targetNames, UNKNOWN_TARGET } from './followTargets.ts';

const targetOf = (request: FastifyRequest): FollowTarget =>
  followTargetSchema.parse(request.params);

/**
 * Follows (issue 48): a signed-in user follows agents (bots too), tournaments and games, so what
 * happens to them can reach the user; anyone may read how many follow a target.
 */
export const followRoutes: FastifyPluginAsync = async (app) => {
  const { db, now } = app.gridmind;

  const assertExists = async (target: FollowTarget) => {
    if (!(await targetExists(db, target))) throw new HttpError(404, UNKNOWN_TARGET[target.kind]);
  };

  app.get('/api/follows', { preHandler: requireUser }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const rows = await listFollows(db, request.user?.userId ?? '');
    const names = await targetNames(db, rows);
    const items: FollowedItem[] = rows.map((row) => ({
      kind: row.kind,
      id: row.id,
      // A target removed since (none is today) still lists, by its id, so it can be unfollowed.
      name: names.get(`${row.kind}:${row.id}`) ?? row.id,
      href: followTargetHref(row),
      followedAt: row.followedAt.toISOString(),
    }));
    return { items };
  });

  app.get('/api/follows/:kind/:id', async (request, reply) => {
    const target = targetOf(request);
    await assertExists(target);
    // The answer names the caller's own follow: no shared cache may keep it.
    reply.header('cache-control', 'no-store');
    return followState(db, target, request.user?.userId ?? null);
  });

  app.put('/api/follows/:kind/:id', { preHandler: requireUser }, async (request) => {
    const target = targetOf(request);
    const userId = request.user?.userId ?? '';
    await assertExists(target);
    await db.transaction(async (tx) => {
      const count = await countFollowsLocked(tx, userId);
      const added = await insertFollow(tx, userId, target, new Date(now()));
      // Past the cap the new row rolls back; a repeat of a follow is a success all the same.
      if (added && count >= MAX_FOLLOWS_PER_USER) throw new HttpError(409, TOO_MANY_FOLLOWS);
    });
    return followState(db, target, userId);
  });

  app.delete('/api/follows/:kind/:id', { preHandler: requireUser }, async (request) => {
    const target = targetOf(request);
    const userId = request.user?.userId ?? '';
    // Unfollowing needs no check that the target still exists: it only removes the caller's row.
    await deleteFollow(db, userId, target);
    return followState(db, target, userId);
  });
};

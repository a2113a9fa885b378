import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import {
  adjustBalanceBodySchema,
  setAgentHiddenBodySchema,
  setRoleBodySchema,
  startMatchBodySchema,
} from '#core/protocol/adminEconomy.ts';
import { ledgerHealth } from '#server/db/stores/ledgerHealth.ts';
import { changeUserBalance, InsufficientBalanceError } from '#server/db/stores/ledgerWriter.ts';
import { recordNotificationEvents } from '#server/db/stores/notificationEvents.ts';
import { requireAdmin } from '#server/plugins/auth.ts';
import { HttpError } from '#server/plugins/errors.ts';
import { listAdminAgents, setAgentHidden, setUserAdmin } from './adminEconomyStore.ts';
import { cancelMatch, type SettleBets, startMatch } from './matchControl.ts';

const idParamsSchema = z.object({ id: z.string().min(1).max(64) });
const userParamsSchema = z.object({ id: z.uuid('Unknown user.') });

/** Admin-only economy API: ledger health, roles, balance changes, matches and agent visibility. */
export const adminEconomyRoutes: FastifyPluginAsync<{
  /** Refunds the stakes of a match an admin cancels, in the transaction that cancels it. */
  settleBets: SettleBets;
}> = async (app, { settleBets }) => {
  const { config, db, now } = app.gridmind;
  app.addHook('preHandler', requireAdmin);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  // A check that fails is news for the other admins, recorded with the reading it is about.
  app.get('/api/admin/ledger', async (request) =>
    db.transaction(async (tx) => {
      const health = await ledgerHealth(tx);
      if (!health.agrees) {
        const actorId = request.user?.userId ?? null;
        const event = {
          kind: 'ledger-check' as const,
          subjectId: 'ledger',
          actorId,
          payload: health,
        };
        await recordNotificationEvents(tx, [event], new Date(now()));
      }
      return health;
    }),
  );

  app.post('/api/admin/users/:id/role', async (request) => {
    const { id } = userParamsSchema.parse(request.params);
    const { isAdmin } = setRoleBodySchema.parse(request.body);
    if (id === request.user?.userId && !isAdmin) {
      throw new HttpError(400, 'You cannot remove your own admin role.');
    }
    if (!(await setUserAdmin(db, id, isAdmin))) {
      throw new HttpError(404, 'This user does not exist.');
    }
    return { userId: id, isAdmin };
  });

  app.post('/api/admin/users/:id/balance', async (request) => {
    const { id } = userParamsSchema.parse(request.params);
    const { amount, reason } = adjustBalanceBodySchema.parse(request.body);
    try {
      const balance = await db.transaction((tx) =>
        changeUserBalance(tx, id, BigInt(amount), {
          kind: amount > 0 ? 'admin_grant' : 'admin_deduct',
          reason,
          actorId: request.user?.userId ?? null,
          now: new Date(now()),
        }),
      );
      if (balance === null) throw new HttpError(404, 'This user does not exist.');
      return { userId: id, balance: Number(balance) };
    } catch (error) {
      if (error instanceof InsufficientBalanceError) {
        throw new HttpError(400, 'The deduction is larger than the balance.');
      }
      throw error;
    }
  });

  app.get('/api/admin/agents', async () => ({ items: await listAdminAgents(db) }));

  app.post('/api/admin/agents/:id/visibility', async (request) => {
    const { id } = idParamsSchema.parse(request.params);
    const { hidden } = setAgentHiddenBodySchema.parse(request.body);
    if (!(await setAgentHidden(db, id, hidden))) {
      throw new HttpError(404, 'This agent does not exist.');
    }
    return { agentId: id, hidden };
  });

  app.post('/api/admin/matches', async (request, reply) => {
    const body = startMatchBodySchema.parse(request.body);
    const id = await startMatch(
      db,
      body,
      config.BETTING_WINDOW_MS,
      new Date(now()),
      request.user?.userId ?? null,
    );
    reply.code(201);
    return { matchId: id };
  });

  app.post('/api/admin/matches/:id/cancel', async (request) => {
    const { id } = idParamsSchema.parse(request.params);
    await cancelMatch(db, id, settleBets, new Date(now()));
    return { matchId: id, status: 'cancelled' as const };
  });
};

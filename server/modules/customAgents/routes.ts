import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  createAgentBodySchema,
  MAX_ACTIVE_AGENTS_PER_USER,
  updateAgentBodySchema,
} from '../../../core/protocol/customAgents.ts';
import type { Queryable } from '../../db/database.ts';
import {
  findOwnedAgentRow,
  listOwnedAgents,
  newCustomAgentId,
  type OwnedAgentRow,
  toOwnedAgent,
} from '../../db/stores/agentOwnership.ts';
import { requireUser } from '../../plugins/auth.ts';
import { HttpError } from '../../plugins/errors.ts';

const paramsSchema = z.object({ id: z.string().min(1).max(64) });

const isUniqueViolation = (error: unknown): boolean =>
  (error as { code?: unknown } | null)?.code === '23505';

async function assertNameFree(tx: Queryable, name: string, exceptId: string | null) {
  const { rows } = await tx.query(
    'select 1 from agents where lower(name) = lower($1) and id <> coalesce($2, $3)',
    [name, exceptId, ''],
  );
  if (rows[0]) throw new HttpError(409, 'An agent with this name already exists.');
}

/** The agent for a change by its owner or an admin; 404, 403 or 409 otherwise. */
async function agentToChange(tx: Queryable, request: FastifyRequest): Promise<OwnedAgentRow> {
  const { id } = paramsSchema.parse(request.params);
  const agent = await findOwnedAgentRow(tx, id, true);
  if (!agent) throw new HttpError(404, 'This agent does not exist.');
  const user = request.user;
  if (agent.kind === 'builtin') throw new HttpError(403, 'Built-in agents cannot be changed.');
  if (!user || (agent.owner_id !== user.userId && !user.isAdmin)) {
    throw new HttpError(403, 'Only the owner of this agent can change it.');
  }
  if (agent.retired_at) throw new HttpError(409, 'This agent is retired.');
  return agent;
}

/** Users' own agents: create, edit, retire (owner or admin), and list one's own. */
export const customAgentRoutes: FastifyPluginAsync = async (app) => {
  const { db, now } = app.gridmind;

  app.get('/api/agents/mine', { preHandler: requireUser }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return { items: await listOwnedAgents(db, request.user?.userId ?? '') };
  });

  app.post('/api/agents', { preHandler: requireUser }, async (request, reply) => {
    const body = createAgentBodySchema.parse(request.body);
    const userId = request.user?.userId ?? '';
    const id = newCustomAgentId();
    try {
      await db.transaction(async (tx) => {
        // The user's row lock serialises their creations, so the limit holds under concurrency.
        await tx.query('select id from users where id::text = $1 for update', [userId]);
        const { rows } = await tx.query<{ count: number }>(
          `select count(*)::int as count from agents
           where owner_id::text = $1 and retired_at is null`,
          [userId],
        );
        if ((rows[0]?.count ?? 0) >= MAX_ACTIVE_AGENTS_PER_USER) {
          throw new HttpError(
            409,
            `You can have at most ${MAX_ACTIVE_AGENTS_PER_USER} active agents; retire one first.`,
          );
        }
        await assertNameFree(tx, body.name, null);
        await tx.query(
          `insert into agents (id, name, tagline, traits, kind, owner_id, color, created_at, games)
           values ($1, $2, $3, $4, 'custom', $5::uuid, $6, $7, $8)`,
          [
            id,
            body.name,
            body.tagline,
            JSON.stringify(body.traits),
            userId,
            body.color,
            new Date(now()),
            body.games,
          ],
        );
      });
    } catch (error) {
      if (isUniqueViolation(error))
        throw new HttpError(409, 'An agent with this name already exists.');
      throw error;
    }
    const created = await findOwnedAgentRow(db, id);
    reply.code(201);
    return created ? toOwnedAgent(created) : null;
  });

  app.patch('/api/agents/:id', { preHandler: requireUser }, async (request) => {
    const body = updateAgentBodySchema.parse(request.body);
    try {
      const id = await db.transaction(async (tx) => {
        const agent = await agentToChange(tx, request);
        if (body.name !== undefined) await assertNameFree(tx, body.name, agent.id);
        await tx.query(
          `update agents set name = coalesce($2, name), tagline = coalesce($3, tagline),
             traits = coalesce($4::jsonb, traits), color = coalesce($5, color),
             games = coalesce($6::text[], games) where id = $1`,
          [
            agent.id,
            body.name ?? null,
            body.tagline ?? null,
            body.traits ? JSON.stringify(body.traits) : null,
            body.color ?? null,
            body.games ?? null,
          ],
        );
        return agent.id;
      });
      const updated = await findOwnedAgentRow(db, id);
      return updated ? toOwnedAgent(updated) : null;
    } catch (error) {
      if (isUniqueViolation(error))
        throw new HttpError(409, 'An agent with this name already exists.');
      throw error;
    }
  });

  app.delete('/api/agents/:id', { preHandler: requireUser }, async (request) => {
    const id = await db.transaction(async (tx) => {
      const agent = await agentToChange(tx, request);
      // Retired, not deleted: its matches, ratings and earnings stay on record.
      await tx.query('update agents set retired_at = $2 where id = $1', [
        agent.id,
        new Date(now()),
      ]);
      return agent.id;
    });
    const retired = await findOwnedAgentRow(db, id);
    return retired ? toOwnedAgent(retired) : null;
  });
};

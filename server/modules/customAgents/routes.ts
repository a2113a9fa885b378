import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  createAgentBodySchema,
  MAX_ACTIVE_AGENTS_PER_USER,
  updateAgentBodySchema,
} from '#core/protocol/customAgents.ts';
import type { Queryable } from '#server/db/database.ts';
import {
  isAgentNameConflict,
  isAgentNameTaken,
  NAME_TAKEN_MESSAGE,
} from '#server/db/stores/agentNames.ts';
import {
  findOwnedAgentRow,
  listOwnedAgents,
  newCustomAgentId,
  type OwnedAgentRow,
  toOwnedAgent,
} from '#server/db/stores/agentOwnership.ts';
import { followOwnAgent } from '#server/db/stores/follows.ts';
import { requireUser } from '#server/plugins/auth.ts';
import { HttpError } from '#server/plugins/errors.ts';
import {
  countActiveAgentsLocked,
  insertCustomAgent,
  retireAgent,
  updateCustomAgent,
} from './customAgentStore.ts';

const paramsSchema = z.object({ id: z.string().min(1).max(64) });

async function assertNameFree(tx: Queryable, name: string, exceptId: string | null) {
  if (await isAgentNameTaken(tx, name, exceptId)) throw new HttpError(409, NAME_TAKEN_MESSAGE);
}

/** The agent for a change by its owner or an admin; 404, 403 or 409 otherwise. */
async function agentToChange(tx: Queryable, request: FastifyRequest): Promise<OwnedAgentRow> {
  const { id } = paramsSchema.parse(request.params);
  const agent = await findOwnedAgentRow(tx, id, true);
  if (!agent) throw new HttpError(404, 'This agent does not exist.');
  const user = request.user;
  if (agent.kind === 'builtin') throw new HttpError(403, 'Built-in agents cannot be changed.');
  if (agent.kind === 'bot') throw new HttpError(409, 'Bots are managed under /api/bots.');
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
        if ((await countActiveAgentsLocked(tx, userId)) >= MAX_ACTIVE_AGENTS_PER_USER) {
          throw new HttpError(
            409,
            `You can have at most ${MAX_ACTIVE_AGENTS_PER_USER} active agents; retire one first.`,
          );
        }
        await assertNameFree(tx, body.name, null);
        await insertCustomAgent(tx, {
          id,
          ownerId: userId,
          fields: body,
          createdAt: new Date(now()),
        });
        await followOwnAgent(tx, userId, id, new Date(now()));
      });
    } catch (error) {
      if (isAgentNameConflict(error)) throw new HttpError(409, NAME_TAKEN_MESSAGE);
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
        await updateCustomAgent(tx, agent.id, body);
        return agent.id;
      });
      const updated = await findOwnedAgentRow(db, id);
      return updated ? toOwnedAgent(updated) : null;
    } catch (error) {
      if (isAgentNameConflict(error)) throw new HttpError(409, NAME_TAKEN_MESSAGE);
      throw error;
    }
  });

  app.delete('/api/agents/:id', { preHandler: requireUser }, async (request) => {
    const id = await db.transaction(async (tx) => {
      const agent = await agentToChange(tx, request);
      await retireAgent(tx, agent.id, new Date(now()));
      return agent.id;
    });
    const retired = await findOwnedAgentRow(db, id);
    return retired ? toOwnedAgent(retired) : null;
  });
};

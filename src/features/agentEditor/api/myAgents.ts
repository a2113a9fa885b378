import { queryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import {
  type CreateAgentBody,
  ownedAgentSchema,
  type UpdateAgentBody,
} from '#core/protocol/customAgents.ts';
import { mayBeSignedIn } from '#src/lib/auth/signInHint.ts';
import { requestJson } from '#src/lib/http/requestJson.ts';
import { requestJsonOrNull } from '#src/lib/http/requestJsonOrNull.ts';

const myAgentsSchema = z.object({ items: z.array(ownedAgentSchema) });

/** Query options of the signed-in user's agents (`GET /api/agents/mine`); null for a visitor. */
export function myAgentsQueryOptions() {
  return queryOptions({
    queryKey: ['agents', 'mine'] as const,
    queryFn: async () => {
      if (!mayBeSignedIn()) return null;
      return requestJsonOrNull('/api/agents/mine', myAgentsSchema, [401]);
    },
  });
}

/** `POST /api/agents`. */
export function createAgent(body: CreateAgentBody) {
  return requestJson('/api/agents', ownedAgentSchema, { method: 'POST', body });
}

/** `PATCH /api/agents/:id`. */
export function updateAgent(id: string, body: UpdateAgentBody) {
  return requestJson(`/api/agents/${encodeURIComponent(id)}`, ownedAgentSchema, {
    method: 'PATCH',
    body,
  });
}

/** `DELETE /api/agents/:id`: retires the agent. */
export function retireAgent(id: string) {
  return requestJson(`/api/agents/${encodeURIComponent(id)}`, ownedAgentSchema, {
    method: 'DELETE',
  });
}

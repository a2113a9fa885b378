import { queryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { ownedAgentSchema } from '#core/protocol/customAgents.ts';
import { mayBeSignedIn } from '#src/lib/auth/signInHint.ts';
import { noContent } from '#src/lib/http/noContent.ts';
import { requestJson } from '#src/lib/http/requestJson.ts';
import { requestJsonOrNull } from '#src/lib/http/requestJsonOrNull.ts';

const myAgentsSchema = z.object({ items: z.array(ownedAgentSchema) });
const entrySchema = z.object({ balance: z.nullable(z.int()) });

/** The signed-in user's custom agents (`GET /api/agents/mine`), to enter one; null for a visitor. */
export function myAgentsForEntryQueryOptions() {
  return queryOptions({
    queryKey: ['tournaments', 'my-agents'] as const,
    queryFn: async () => {
      if (!mayBeSignedIn()) return null;
      return requestJsonOrNull('/api/agents/mine', myAgentsSchema, [401]);
    },
  });
}

/** `POST /api/tournaments/:id/entrants`: the owner pays the entry fee; answers the new balance. */
export function enterTournament(input: { tournamentId: string; agentId: string }) {
  return requestJson(
    `/api/tournaments/${encodeURIComponent(input.tournamentId)}/entrants`,
    entrySchema,
    { method: 'POST', body: { agentId: input.agentId } },
  );
}

/** `DELETE /api/tournaments/:id/entrants/:agentId`: withdraws before the start, fee refunded. */
export function withdrawFromTournament(input: { tournamentId: string; agentId: string }) {
  return requestJson(
    `/api/tournaments/${encodeURIComponent(input.tournamentId)}/entrants/${encodeURIComponent(input.agentId)}`,
    noContent,
    { method: 'DELETE' },
  );
}

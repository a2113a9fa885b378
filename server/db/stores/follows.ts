import type { Queryable } from '#server/db/database.ts';

/**
 * Makes a user follow an agent or bot of their own, in the transaction that creates it, so what
 * happens to it reaches them from the start (issue 48). Shared by the custom-agent and bot
 * modules; a repeat is a no-op. Own agents are few (each kind has its per-user limit), so the
 * follows cap is not checked here.
 */
export async function followOwnAgent(
  tx: Queryable,
  ownerId: string,
  agentId: string,
  now: Date,
): Promise<void> {
  await tx.query(
    `insert into follows (user_id, target_kind, target_id, created_at)
     values ($1, 'agent', $2, $3) on conflict do nothing`,
    [ownerId, agentId, now],
  );
}

import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import type { GameId } from '#core/games/gameIds.ts';
import { adminAgentsResponseSchema } from '#core/protocol/adminEconomy.ts';
import { adminUsersResponseSchema } from '#core/protocol/adminUsers.ts';
import { ownedBotListSchema } from '#core/protocol/bots.ts';
import { ledgerHealthSchema } from '#core/protocol/ledger.ts';
import { matchListResponseSchema } from '#core/protocol/matches.ts';
import type { CreateTournamentBody } from '#core/protocol/tournaments.ts';
import { tournamentListSchema } from '#core/protocol/tournamentViews.ts';
import { mayBeSignedIn } from '#src/lib/auth/signInHint.ts';
import { noContent } from '#src/lib/http/noContent.ts';
import { requestJson } from '#src/lib/http/requestJson.ts';
import { requestJsonOrNull } from '#src/lib/http/requestJsonOrNull.ts';

const ok = z.looseObject({});

/** Users matching a search (address or nickname). */
export const adminUsersQueryOptions = (search: string) =>
  queryOptions({
    queryKey: ['admin', 'users', search] as const,
    queryFn: () =>
      requestJson(`/api/admin/users?query=${encodeURIComponent(search)}`, adminUsersResponseSchema),
    // the rows of the last search stay while the next one loads, so typing does not blank them
    placeholderData: keepPreviousData,
  });

/** Every agent, hidden and retired ones included. */
export const adminAgentsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'agents'] as const,
    queryFn: () => requestJson('/api/admin/agents', adminAgentsResponseSchema),
  });

/** Every bot, suspended and retired ones included. */
export const adminBotsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'bots'] as const,
    queryFn: () => requestJson('/api/admin/bots', ownedBotListSchema),
  });

/**
 * The ledger's totals and whether they agree; null when the server says we are not an admin.
 * The server decides who is an admin: 401 and 403 both mean "not for you", while any other
 * failure is an error to show (an admin who is offline is still an admin).
 */
export const ledgerHealthQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'ledger'] as const,
    queryFn: async () => {
      if (!mayBeSignedIn()) return null;
      return requestJsonOrNull('/api/admin/ledger', ledgerHealthSchema, [401, 403]);
    },
    refetchInterval: 10_000,
  });

/** Matches that are not over: announced ones (taking bets) first, then live ones. */
export const openMatchesQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'matches'] as const,
    queryFn: async () => {
      const [scheduled, live] = await Promise.all(
        ['scheduled', 'live'].map((status) =>
          requestJson(`/api/matches?status=${status}&limit=50`, matchListResponseSchema),
        ),
      );
      return { items: [...(scheduled?.items ?? []), ...(live?.items ?? [])] };
    },
    refetchInterval: 5000,
  });

/** Tournaments an admin may still cancel: announced ones, soonest first, then live ones. */
export const adminTournamentsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'tournaments'] as const,
    queryFn: async () => {
      const list = await requestJson('/api/tournaments', tournamentListSchema);
      return { items: [...list.upcoming, ...list.live] };
    },
    refetchInterval: 15_000,
  });

/** Admin actions; each resolves when the server accepted it and rejects with its message. */
export const adminActions = {
  setRole: (userId: string, isAdmin: boolean) =>
    requestJson(`/api/admin/users/${userId}/role`, ok, { method: 'POST', body: { isAdmin } }),
  adjustBalance: (userId: string, amount: number, reason: string) =>
    requestJson(`/api/admin/users/${userId}/balance`, ok, {
      method: 'POST',
      body: { amount, reason },
    }),
  setHidden: (agentId: string, hidden: boolean) =>
    requestJson(`/api/admin/agents/${encodeURIComponent(agentId)}/visibility`, ok, {
      method: 'POST',
      body: { hidden },
    }),
  setSuspended: (botId: string, suspended: boolean) =>
    requestJson(`/api/admin/bots/${encodeURIComponent(botId)}/suspension`, noContent, {
      method: 'POST',
      body: { suspended },
    }),
  startMatch: (game: GameId, firstAgentId: string, secondAgentId: string) =>
    requestJson('/api/admin/matches', z.object({ matchId: z.string() }), {
      method: 'POST',
      body: { game, firstAgentId, secondAgentId },
    }),
  createTournament: (body: CreateTournamentBody) =>
    requestJson('/api/admin/tournaments', z.object({ tournamentId: z.string() }), {
      method: 'POST',
      body,
    }),
  cancelTournament: (tournamentId: string) =>
    requestJson(`/api/admin/tournaments/${encodeURIComponent(tournamentId)}/cancel`, ok, {
      method: 'POST',
    }),
  cancelMatch: (matchId: string) =>
    requestJson(`/api/admin/matches/${encodeURIComponent(matchId)}/cancel`, ok, { method: 'POST' }),
};

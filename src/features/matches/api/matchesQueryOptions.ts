import { queryOptions } from '@tanstack/react-query';
import { matchListResponseSchema } from '../../../../core/protocol/matches.ts';
import { fetchJson } from './fetchJson.ts';

/** Live matches are re-listed this often, so new ones appear without a reload. */
const LIVE_LIST_REFRESH_MS = 3_000;

/** `GET /api/matches?status=…`: the first page, newest first. */
export function matchesQueryOptions(status: 'live' | 'finished', limit = 20) {
  return queryOptions({
    queryKey: ['matches', status, limit] as const,
    queryFn: () =>
      fetchJson(`/api/matches?status=${status}&limit=${limit}`, matchListResponseSchema),
    refetchInterval: status === 'live' ? LIVE_LIST_REFRESH_MS : 15_000,
  });
}

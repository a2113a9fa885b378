import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import {
  TOURNAMENT_EVENT,
  TOURNAMENT_STATE_EVENT,
  tournamentEventSchema,
} from '#core/protocol/tournamentEvents.ts';
import { tournamentDetailSchema } from '#core/protocol/tournamentViews.ts';
import { tournamentQueryOptions } from '#src/features/tournaments/api/tournamentQueryOptions.ts';
import { openReopeningEventSource } from '#src/lib/http/reopeningEventSource.ts';

/** How often the page reads the tournament again while its event stream is down. */
const FALLBACK_POLL_MS = 60_000;

/**
 * Keeps a tournament page current over its event stream while `open` (scheduled or live): each
 * event (an entry, a round started, a game ended, the finish) reads the tournament again, and
 * each (re)connection opens with the tournament as it stands, for whatever was said while it was
 * away. While the stream is down the
 * page falls back to a slow poll, and one the browser gave up on (a refusal by the stream caps)
 * is opened again later; a finished or cancelled tournament closes it.
 */
export function useTournamentStream(tournamentId: string, open: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!open) return;
    const { queryKey } = tournamentQueryOptions(tournamentId);
    const refetch = () => void queryClient.invalidateQueries({ queryKey });
    let poll: ReturnType<typeof setInterval> | null = null;
    const stopPolling = () => {
      if (poll !== null) clearInterval(poll);
      poll = null;
    };
    const close = openReopeningEventSource(
      () => `/api/tournaments/${encodeURIComponent(tournamentId)}/events`,
      (source) => {
        source.addEventListener('open', stopPolling);
        // Each (re)opening starts with the tournament as it stands: what was said while away.
        source.addEventListener(TOURNAMENT_STATE_EVENT, (message) => {
          const parsed = tournamentDetailSchema.safeParse(JSON.parse(message.data));
          if (parsed.success) queryClient.setQueryData(queryKey, parsed.data);
          else refetch();
        });
        source.addEventListener('error', () => {
          poll ??= setInterval(refetch, FALLBACK_POLL_MS);
        });
        source.addEventListener(TOURNAMENT_EVENT, (message) => {
          const parsed = tournamentEventSchema.safeParse(JSON.parse(message.data));
          if (!parsed.success) return;
          refetch();
          // Over: the server ends the stream, and the browser would otherwise come back to it.
          if (parsed.data.kind === 'finished' || parsed.data.kind === 'cancelled') source.close();
        });
      },
    );
    return () => {
      close();
      stopPolling();
    };
  }, [tournamentId, open, queryClient]);
}

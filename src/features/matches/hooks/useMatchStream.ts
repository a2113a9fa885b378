import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type * as z from 'zod/mini';
import {
  MATCH_EVENT,
  moveProgressSchema,
  type ResultEvent,
  resultEventSchema,
  spectatorsEventSchema,
} from '#core/protocol/matches.ts';
import { matchPoolsSchema } from '#core/protocol/pools.ts';
import { openReopeningEventSource } from '#src/lib/http/reopeningEventSource.ts';
import { poolsQueryOptions } from '#src/lib/queries/poolsQueryOptions.ts';

/** What every move event carries: its match, its ply and the encoded move list after it. */
type MoveProgress = z.infer<typeof moveProgressSchema>;

/** What the stream added to a match: the moves after `startPly`, its result, who watches. */
export interface MatchStreamState<Move extends MoveProgress = MoveProgress> {
  startPly: number;
  moves: Move[];
  result: ResultEvent | null;
  spectators: number | null;
}

/**
 * Follows a live match over Server-Sent Events from the moves the caller already has. The browser
 * reconnects by itself sending the last event id it saw, so a dropped connection resumes with
 * exactly the missing moves, and a stream refused with an error status (a cap's 429) is opened
 * again later from the last move held; anything out of sequence is dropped. Pools changed by a
 * bet, and where they stand as the stream (re)opens, arrive on it and go straight into the pools
 * query. Move events are read with `moveSchema`: boards need only `moveProgressSchema` (the
 * default, light enough for the first load); the watch page passes the full schema with traces,
 * and `onSource` to listen for more of the stream's events (memoised: a new one reopens the
 * stream); with it the stream is kept after the result, until the server's `end`, since late
 * verdicts may follow the result.
 */
export function useMatchStream<Move extends MoveProgress = MoveProgress>(
  matchId: string | undefined,
  live: boolean,
  knownPlies: number,
  moveSchema: z.ZodMiniType<Move> = moveProgressSchema as unknown as z.ZodMiniType<Move>,
  onSource?: (source: EventSource) => void,
): MatchStreamState<Move> {
  const queryClient = useQueryClient();
  const known = useRef(knownPlies);
  known.current = knownPlies;
  const [state, setState] = useState<MatchStreamState<Move>>({
    startPly: knownPlies,
    moves: [],
    result: null,
    spectators: null,
  });

  useEffect(() => {
    if (!matchId || !live) return;
    const startPly = known.current;
    setState({ startPly, moves: [], result: null, spectators: null });
    // The last ply this page holds: a stream opened again after a refusal resumes from it.
    let lastPly = startPly;
    const listen = (source: EventSource) => {
      source.addEventListener(MATCH_EVENT.move, (message) => {
        const parsed = moveSchema.safeParse(JSON.parse(message.data));
        if (!parsed.success || parsed.data.ply !== lastPly + 1) return;
        const move = parsed.data;
        lastPly = move.ply;
        // The first move closes betting: the pools say so.
        if (move.ply === 1) void queryClient.invalidateQueries(poolsQueryOptions(matchId));
        setState((current) => ({ ...current, moves: [...current.moves, move] }));
      });
      source.addEventListener(MATCH_EVENT.result, (message) => {
        const parsed = resultEventSchema.safeParse(JSON.parse(message.data));
        if (parsed.success) setState((current) => ({ ...current, result: parsed.data }));
        // Over for a board. A page listening for more (`onSource`: the late verdicts on the last
        // moves, which the server sends after the result) keeps the stream until its `end`.
        if (!onSource) source.close();
      });
      // The server has nothing more to say: without this the browser would reconnect.
      source.addEventListener(MATCH_EVENT.end, () => source.close());
      // Someone bet, or the stream (re)opened (it starts with where the pools stand): the pools
      // and odds arrive over the stream instead of being polled.
      source.addEventListener(MATCH_EVENT.pools, (message) => {
        const parsed = matchPoolsSchema.safeParse(JSON.parse(message.data));
        if (parsed.success)
          queryClient.setQueryData(poolsQueryOptions(matchId).queryKey, parsed.data);
      });
      source.addEventListener(MATCH_EVENT.spectators, (message) => {
        const parsed = spectatorsEventSchema.safeParse(JSON.parse(message.data));
        if (parsed.success) setState((current) => ({ ...current, spectators: parsed.data.count }));
      });
      onSource?.(source);
    };
    return openReopeningEventSource(
      () => `/api/matches/${encodeURIComponent(matchId)}/events?lastEventId=${lastPly}`,
      listen,
    );
  }, [matchId, live, queryClient, moveSchema, onSource]);

  return state;
}

/**
 * The newer of what was loaded (`base`) and what the stream has played since: the encoded move
 * list a board draws, and how many moves it holds.
 */
export function latestMoves(
  base: { moves: string; plies: number },
  stream: Pick<MatchStreamState, 'moves' | 'result'>,
): { moves: string; plies: number } {
  if (stream.result) return { moves: stream.result.moves, plies: stream.result.plies };
  const last = stream.moves.at(-1);
  return last && last.ply > base.plies ? { moves: last.moves, plies: last.ply } : base;
}

import { useCallback, useState } from 'react';
import { MATCH_EVENT } from '#core/protocol/matches.ts';
import { type VerdictEvent, verdictEventSchema } from '#core/protocol/matchMoves.ts';

const NONE: ReadonlyMap<number, VerdictEvent> = new Map();

/**
 * The verdicts a match's stream brings after their moves (a bot's move is judged once the bot
 * has its answer), by ply. `listen` goes to useMatchStream as its `onSource`: it lives here, in
 * the watch page's chunk, so the boards of the first load carry none of it.
 */
export function useLateVerdicts(matchId: string | undefined): {
  verdicts: ReadonlyMap<number, VerdictEvent>;
  listen: (source: EventSource) => void;
} {
  const [state, setState] = useState({ matchId, verdicts: NONE });
  const listen = useCallback(
    (source: EventSource) => {
      source.addEventListener(MATCH_EVENT.verdict, (message) => {
        const parsed = verdictEventSchema.safeParse(JSON.parse(message.data));
        if (!parsed.success || parsed.data.matchId !== matchId) return;
        const event = parsed.data;
        setState((current) => ({
          matchId,
          verdicts: new Map(current.matchId === matchId ? current.verdicts : NONE).set(
            event.ply,
            event,
          ),
        }));
      });
    },
    [matchId],
  );
  // Another match's verdicts are never this one's.
  return { verdicts: state.matchId === matchId ? state.verdicts : NONE, listen };
}

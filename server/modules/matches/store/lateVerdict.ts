import type { MoveVerdictData } from '../../../../core/protocol/moveVerdict.ts';
import type { Queryable } from '../../../db/database.ts';
import { MATCH_CHANNEL, type MatchNotification } from '../../../events/matchChannel.ts';

/** A verdict computed after its move was stored: which move, and what it says. */
export interface LateVerdict {
  matchId: string;
  ply: number;
  /** The move judged, as stored: a row holding another move at that ply is left alone. */
  move: string;
  verdict: MoveVerdictData;
}

/**
 * Sets the verdict of a stored move and publishes it to the match's watchers (a `verdict`
 * event), in one statement: only where the row at that match and ply holds that move and no
 * verdict yet, so two processes judging the same move, or a retry, write and announce it once.
 * An exact verdict also takes the place of one from winning chances (an engine's move judged
 * again, exactly, after it was stored: core/games/lateVerdict.ts), never of another exact one.
 * The NOTIFY goes out with the update or not at all. Returns whether this call stored it.
 */
export async function storeLateVerdict(db: Queryable, late: LateVerdict): Promise<boolean> {
  const notification: MatchNotification = {
    kind: 'verdict',
    event: { matchId: late.matchId, ply: late.ply, verdict: late.verdict },
  };
  const { rows } = await db.query<{ stored: boolean }>(
    `with judged as (
       update match_moves set verdict = $4::jsonb
       where match_id = $1 and ply = $2 and move = $3
         and (verdict is null or ($7 and (verdict->>'exact')::boolean is not true))
       returning match_id
     )
     select true as stored, pg_notify($5, $6) from judged`,
    [
      late.matchId,
      late.ply,
      late.move,
      JSON.stringify(late.verdict),
      MATCH_CHANNEL,
      JSON.stringify(notification),
      late.verdict.exact,
    ],
  );
  return rows.length > 0;
}

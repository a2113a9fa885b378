import { ACCURATE_GRADES } from '#core/games/matchStory.ts';
import type { MoveVerdictData } from '#core/protocol/moveVerdict.ts';
import type { Queryable } from '#server/db/database.ts';
import { MATCH_CHANNEL, type MatchNotification } from '#server/events/matchChannel.ts';

/** A verdict computed after its move was stored: which move, and what it says. */
export interface LateVerdict {
  matchId: string;
  ply: number;
  /** The move judged, as stored: a row holding another move at that ply is left alone. */
  move: string;
  verdict: MoveVerdictData;
}

/**
 * One statement (one round trip on the bots' hot path). The match row is share-locked first
 * (`judged` reads `move`, which reads `game`, so the lock comes before any other): the
 * transaction that ends a match holds that row `for update` from its first statement until it
 * commits, so this statement either runs wholly before it (the match is live here and the end's
 * count, a later statement, reads the verdict) or waits for its commit and then reads the row's
 * newest version (READ COMMITTED re-checks a locked row), sees it finished and adds the verdict
 * to the mover's accuracy itself: never both, never neither. Only that one `agent_ratings` row
 * is locked after it, as the end locks rating rows after its match row, so no wait goes in a
 * circle. The move row is locked too and its verdict read under that lock, so the counts change
 * by what this statement replaced, even against a concurrent writer of the same move.
 */
const STORE_LATE_VERDICT = `with game as materialized (
    select m.game, m.status from matches m where m.id = $1 for share
  ), move as materialized (
    select mm.agent_id, mm.verdict as before from match_moves mm, game
    where mm.match_id = $1 and mm.ply = $2 and mm.move = $3
    for update of mm
  ), judged as (
    update match_moves mm set verdict = $4::jsonb
    from move
    where mm.match_id = $1 and mm.ply = $2 and mm.move = $3
      and (move.before is null
        or ((move.before->>'exact')::boolean is not true
          and ($7 or coalesce((move.before->>'depth')::int, 0) < $9::int)))
    returning move.agent_id, move.before
  ), counted as (
    update agent_ratings r
    set judged_moves = r.judged_moves + (case when judged.before is null then 1 else 0 end),
      accurate_moves = r.accurate_moves + (case when $4::jsonb->>'grade' = any($8) then 1 else 0 end)
        - (case when judged.before->>'grade' = any($8) then 1 else 0 end)
    from judged, game
    where game.status = 'finished' and r.agent_id = judged.agent_id and r.game = game.game
  )
  select true as stored, pg_notify($5, $6) from judged`;

/**
 * Sets the verdict of a stored move and publishes it to the match's watchers (a `verdict`
 * event), in one statement: only where the row at that match and ply holds that move and no
 * verdict yet, so two processes judging the same move, or a retry, write and announce it once.
 * An exact verdict also takes the place of one from winning chances (an engine's move judged
 * again, exactly, after it was stored: core/games/lateVerdict.ts), and a chances verdict that
 * searched deeper takes the place of a shallower one (a top agent's move judged again past its
 * own depth); nothing takes the place of an exact one.
 * When the match has already finished (its accuracy counted at its end without this verdict),
 * the mover's accuracy in the game takes it in (a replaced verdict: only the change in
 * `accurate`). The NOTIFY goes out with the update or not at all. Returns whether this call
 * stored it.
 */
export async function storeLateVerdict(db: Queryable, late: LateVerdict): Promise<boolean> {
  const notification: MatchNotification = {
    kind: 'verdict',
    event: { matchId: late.matchId, ply: late.ply, verdict: late.verdict },
  };
  const { rows } = await db.query<{ stored: boolean }>(STORE_LATE_VERDICT, [
    late.matchId,
    late.ply,
    late.move,
    JSON.stringify(late.verdict),
    MATCH_CHANNEL,
    JSON.stringify(notification),
    late.verdict.exact,
    ACCURATE_GRADES,
    late.verdict.exact ? null : (late.verdict.depth ?? null),
  ]);
  return rows.length > 0;
}

/**
 * Tells a match's watchers that a move keeps the verdict it has: its late verdict will not come
 * (the judge proved nothing better, skipped the move or failed). The `verdict` event repeats
 * what the move holds, so a stream waiting after the result for that verdict ends now rather
 * than at its deadline (matchStream.ts). Nothing where the row holds another move or no verdict.
 */
export async function announceVerdictKept(
  db: Queryable,
  move: Pick<LateVerdict, 'matchId' | 'ply' | 'move'>,
): Promise<void> {
  await db.query(
    `select pg_notify($1, json_build_object('kind', 'verdict', 'event',
       json_build_object('matchId', mm.match_id, 'ply', mm.ply, 'verdict', mm.verdict))::text)
     from match_moves mm
     where mm.match_id = $2 and mm.ply = $3 and mm.move = $4 and mm.verdict is not null`,
    [MATCH_CHANNEL, move.matchId, move.ply, move.move],
  );
}

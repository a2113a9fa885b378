import type { MatchResult, ResultEvent } from '#core/protocol/matches.ts';
import type { Queryable } from '#server/db/database.ts';
import { recordNotificationEvents } from '#server/db/stores/notificationEvents.ts';
import { tellBots } from '#server/events/botEvents.ts';
import { publishMatchEvent } from '#server/events/matchChannel.ts';
import { pliesOf, sideAt } from './gameMoves.ts';
import type { LockedMatch } from './lockedMatch.ts';
import { applyRatings } from './ratingUpdate.ts';

/**
 * What happens in the transaction that ends a match, besides rating it: settling its bets. The
 * app composes it (app.ts), so this module never imports the betting one.
 */
export type MatchEndHook = (tx: Queryable, matchId: string, now: Date) => Promise<void>;

/**
 * The end of a match whose row is already marked finished (or about to be, by `forfeit`): ratings,
 * the end hook (settlement), the result event for watchers, and the bots' `match-end`.
 */
export async function finishMatch(
  tx: Queryable,
  match: LockedMatch,
  end: {
    result: MatchResult;
    reason: string | null;
    moves: string;
    plies: number;
    cells: number[];
    now: Date;
    onMatchEnd?: MatchEndHook;
  },
): Promise<ResultEvent> {
  await applyRatings(tx, match, end.result, end.now);
  await end.onMatchEnd?.(tx, match.id, end.now);
  const resultEvent: ResultEvent = {
    matchId: match.id,
    status: 'finished',
    result: end.result,
    moves: end.moves,
    plies: end.plies,
    endedAt: end.now.toISOString(),
    ...(end.reason ? { reason: end.reason } : {}),
    resultCells: end.cells,
  };
  await publishMatchEvent(tx, { kind: 'result', event: resultEvent });
  await tellBots(tx, match.id, match.botSeats, 'match-end', () => ({
    game: match.game,
    status: 'finished',
    result: end.result,
    reason: end.reason,
    plies: end.plies,
  }));
  return resultEvent;
}

/**
 * Ends a locked match against the side to move (`timeout`: its deadline passed; `illegal-move`:
 * a bot sent a move the rules refuse), rated and settled like any other end.
 */
export async function forfeit(
  tx: Queryable,
  match: LockedMatch,
  reason: 'timeout' | 'illegal-move',
  now: Date,
  onMatchEnd?: MatchEndHook,
): Promise<ResultEvent> {
  const loser = sideAt(match.game, match.moves);
  const result: MatchResult = loser === 'first' ? 'second' : 'first';
  await tx.query(
    `update matches set status = 'finished', result = $2, result_reason = $3, ended_at = $4,
       started_at = case when status = 'scheduled' then $4::timestamptz else started_at end
     where id = $1`,
    [match.id, result, reason, now],
  );
  if (reason === 'timeout') {
    const loserId = loser === 'first' ? match.firstAgentId : match.secondAgentId;
    await recordNotificationEvents(
      tx,
      [{ kind: 'lost-on-time', subjectId: loserId, payload: { matchId: match.id } }],
      now,
    );
  }
  return finishMatch(tx, match, {
    result,
    reason,
    moves: match.moves,
    plies: pliesOf(match.game, match.moves),
    cells: [],
    now,
    ...(onMatchEnd ? { onMatchEnd } : {}),
  });
}

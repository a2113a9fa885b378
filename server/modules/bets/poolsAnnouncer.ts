import type { Database } from '#server/db/database.ts';
import { MATCH_CHANNEL, type MatchNotification } from '#server/events/matchChannel.ts';

/** Tells every process that a match's pools changed: their streams of it read them again. */
export function notifyPoolsChanged(db: Pick<Database, 'notify'>, matchId: string): Promise<void> {
  const news: MatchNotification = { kind: 'pools', matchId };
  return db.notify(MATCH_CHANNEL, JSON.stringify(news));
}

/**
 * Tells watchers that a match's pools changed, at most one notification in flight per match: bets
 * that land while one is on its way share a single follow-up, sent when it returns. A rush of
 * 1,000 bets then costs a few notifications rather than 1,000 (PostgreSQL serialises the commits
 * of notifying transactions on one lock), and every watcher still reads pools that include the
 * last bet, because the follow-up is sent after it.
 */
export function createPoolsAnnouncer(
  notify: (matchId: string) => Promise<void>,
): (matchId: string) => void {
  /** Matches with a notification in flight; true when another bet came in meanwhile. */
  const inFlight = new Map<string, boolean>();
  const send = (matchId: string) => {
    inFlight.set(matchId, false);
    // Best effort: the bet is stored either way, and the pools route still answers.
    void notify(matchId)
      .catch(() => {})
      .then(() => {
        if (inFlight.get(matchId)) send(matchId);
        else inFlight.delete(matchId);
      });
  };
  return (matchId) => {
    if (inFlight.has(matchId)) inFlight.set(matchId, true);
    else send(matchId);
  };
}

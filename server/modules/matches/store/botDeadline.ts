import type { Database } from '#server/db/database.ts';
import {
  type LockedMatch,
  type LockedMatchRow,
  lockPlayableMatch,
  matchOfRow,
  readTurnRow,
} from './lockedMatch.ts';
import { forfeit, type MatchEndHook } from './matchEnd.ts';
import { matchPositions } from './matchPositions.ts';

/** What the runner finds at a bot's turn. */
export type LateCheck =
  | { status: 'waiting'; deadline: Date }
  | { status: 'moved' }
  | { status: 'ended' }
  | { status: 'not-ours' };

/**
 * At a bot's turn (ply `ply` to play): when its deadline has passed, the bot loses on time, in one
 * transaction under the row lock (so a move arriving at the same instant either lands first and
 * counts, or is refused). Otherwise says when the deadline is. The look before the deadline is
 * one read without a lock or transaction: the runner takes it after every move of a bot match,
 * and a lock there would queue the next move behind it; a read that is already stale costs only
 * a wake-up, since a move landing after it wakes the runner anyway.
 */
export async function forfeitIfLate(
  db: Database,
  input: {
    matchId: string;
    owner: string;
    ply: number;
    now: Date;
    moveTimeoutMs: number;
    onMatchEnd?: MatchEndHook;
    /** The match's row as the caller read it just now, without a lock (else it is read here). */
    seen?: LockedMatchRow | null;
  },
): Promise<LateCheck> {
  const row = input.seen === undefined ? await readTurnRow(db, input.matchId) : input.seen;
  const seen = row ? matchOfRow(input.matchId, row) : null;
  const look = seen ? lateCheck(seen, input) : ({ status: 'ended' } as const);
  if (look.status !== 'late') return look;
  return db.transaction(async (tx) => {
    const match = await lockPlayableMatch(tx, input.matchId);
    if (!match) return { status: 'ended' };
    const check = lateCheck(match, input);
    if (check.status !== 'late') return check;
    await forfeit(tx, match, 'timeout', input.now, input.onMatchEnd);
    return { status: 'ended' };
  });
}

/** Where a bot's turn at `ply` stands in `match` at `now`. */
function lateCheck(
  match: LockedMatch,
  input: { owner: string; ply: number; now: Date; moveTimeoutMs: number },
): LateCheck | { status: 'late' } {
  if (match.owner !== input.owner) return { status: 'not-ours' };
  if (matchPositions.after(match.id, match.game, match.moves).played.length !== input.ply - 1) {
    return { status: 'moved' };
  }
  const deadline = new Date(match.turnStartedAt.getTime() + input.moveTimeoutMs);
  return input.now < deadline ? { status: 'waiting', deadline } : { status: 'late' };
}

import type { PlayedMove } from '#server/modules/matches/store/botMoveNotice.ts';
import type { TurnRow } from '#server/modules/matches/store/lockedMatch.ts';

/**
 * The rows of a runner's matches: the one each had at its last turn read, and the one a bot's
 * move notice says it has now (that row read before, with what the move changed), which the
 * match's next turn may use instead of reading it again.
 */
export class TurnRows {
  private readonly read = new Map<string, TurnRow>();
  private readonly told = new Map<string, TurnRow>();

  /** The row of `matchId` as just read for its turn. */
  remember(matchId: string, row: TurnRow): void {
    this.read.set(matchId, row);
  }

  /**
   * A bot's move in `matchId` was stored: with what it left (`played`), the match's row is known
   * without a read; a notice without it (a forfeit) leaves the next turn to read the row. Notices
   * come in the order their moves committed, so the last one told is the newest.
   */
  tell(matchId: string, played: PlayedMove | undefined): void {
    const known = this.read.get(matchId);
    if (!played || !known) {
      this.told.delete(matchId);
      return;
    }
    this.told.set(matchId, {
      ...known,
      moves: played.moves,
      turn_started_at: played.turnStartedAt,
      status: played.over ? 'finished' : 'live',
    });
  }

  /** The row a notice told for `matchId`, once: the turn that takes it must not take it again. */
  takeTold(matchId: string): TurnRow | undefined {
    const row = this.told.get(matchId);
    this.told.delete(matchId);
    return row;
  }

  forget(matchId: string): void {
    this.read.delete(matchId);
    this.told.delete(matchId);
  }

  clear(): void {
    this.read.clear();
    this.told.clear();
  }
}

import type { BotMoveRow } from './botMoves.ts';
import type { LockedMatch } from './lockedMatch.ts';

/** Matches remembered at most: a move of one forgotten is only checked under its lock again. */
const MOST_REMEMBERED = 20_000;

/**
 * The rows of matches between two bots as this process last wrote them, by match id: what a
 * bot's next move is checked against without locking the row first (botMoveGuard.ts). Only
 * matches of two bots are kept: nothing but their bots' moves, which this process wrote, and the
 * runner's forfeits change them, so the row remembered is nearly always the row stored. A
 * match an engine plays moves between the bot's turns, and remembering it would only send
 * every bot move there down both paths. Being wrong costs a statement, never a wrong write: the
 * guarded write compares the row with what is remembered under the row's lock.
 */
export class BotTurnCache {
  private readonly matches = new Map<string, LockedMatch>();

  /** Remembers a match's row after a move this process stored (a finished match is forgotten). */
  written(match: LockedMatch, moves: string, turnStartedAt: Date, over: boolean): void {
    this.matches.delete(match.id);
    if (over || match.botSeats.length !== 2) return;
    this.matches.set(match.id, { ...match, moves, status: 'live', turnStartedAt });
    if (this.matches.size > MOST_REMEMBERED) {
      // The oldest written first: Map keeps insertion order, and a write re-inserts.
      const oldest = this.matches.keys().next().value;
      if (oldest !== undefined) this.matches.delete(oldest);
    }
  }

  forget(matchId: string): void {
    this.matches.delete(matchId);
  }

  /**
   * The row a move is checked against as if locked, assuming the token plays and nothing is
   * stored at the move's ply yet: the guarded write checks both. Undefined when not remembered.
   */
  row(matchId: string): BotMoveRow | undefined {
    const match = this.matches.get(matchId);
    if (!match) return undefined;
    return {
      game: match.game,
      moves: match.moves,
      owner: match.owner,
      status: match.status,
      first_agent_id: match.firstAgentId,
      second_agent_id: match.secondAgentId,
      starts_at: match.startsAt,
      turn_started_at: match.turnStartedAt,
      bot_ids: match.botSeats.map((seat) => seat.botId),
      result_reason: null,
      token_live: true,
      stored_move: null,
      stored_agent_id: null,
    };
  }

  get size(): number {
    return this.matches.size;
  }
}

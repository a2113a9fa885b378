import type { GameId } from '#core/games/gameIds.ts';
import type { Database, Queryable } from '#server/db/database.ts';

/** A tournament's game to create: a match row as the runner makes them, with its round. */
export interface TournamentGame {
  id: string;
  game: GameId;
  firstId: string;
  secondId: string;
  seed: number;
  /** The runner that creates it, and plays it. */
  owner: string;
  /** Announced (taking bets) until then; null: live at once. */
  startsAt: Date | null;
  tournament: { id: string; round: number; thinkTimeMs: number };
}

/**
 * What the match runner lends the tournaments at each sweep (composed in server/app.ts): who it
 * is, its clock, dice and pacing, and its match writer.
 */
export interface SweepContext {
  db: Database;
  ownerId: string;
  now: Date;
  bettingWindowMs: number;
  botMoveTimeoutMs: number;
  random: () => number;
  /** Inserts `game` in the caller's transaction, leased to the runner; false when it is there. */
  createGame: (tx: Queryable, game: TournamentGame) => Promise<boolean>;
}

import type { GameId } from '#core/games/gameIds.ts';
import type { Database, Queryable } from '#server/db/database.ts';
import type { NewMatch } from '#server/modules/matches/store/matchCreation.ts';
import type { MatchEndHook } from '#server/modules/matches/store/matchEnd.ts';
import type { Decider } from './engineMove.ts';
import type { LateJudgement } from './lateMoveJudge.ts';
import type { Scheduler } from './scheduler.ts';

/** How the runner plays: who it is, how many matches to keep live, pacing and lease length. */
export interface MatchRunnerOptions {
  db: Database;
  decider: Decider;
  /** Stable per server instance, so a restarted process takes its own matches back at once. */
  ownerId: string;
  /** LIVE_MATCHES: how many matches of each game to keep going. */
  liveMatches: number;
  /** LIVE_GAMES: the games to start matches of (default every registered game). */
  games?: readonly GameId[];
  moveDelayMs: number;
  /** How long a move's verdict may take (default: verdictBudgetMs(moveDelayMs)). */
  verdictBudgetMs?: number;
  /** An engine's move to judge again after it is stored, exactly (EngineMoveContext). */
  judgeLater?: (move: LateJudgement) => void;
  /** BETTING_WINDOW_MS: new matches are announced this long before their first move (0: none). */
  bettingWindowMs?: number;
  /** Runs in the transaction that ends a match: the bets' settlement, composed in app.ts. */
  onMatchEnd?: MatchEndHook;
  /** BOT_MOVE_TIMEOUT_MS: how long a bot has for each move before it loses on time. */
  botMoveTimeoutMs?: number;
  /** BOT_MATCHES_MAX: at most this many matches with a bot seated, announced or live, at once. */
  botMatchesMax?: number;
  leaseMs?: number;
  sweepMs?: number;
  /** How often to look for the matches of a process that is gone (default 500 ms). */
  takeoverMs?: number;
  scheduler?: Scheduler;
  /** Uniform in [0, 1): picks pairings and seeds. */
  random?: () => number;
  /** The tournaments' part of each sweep (none: the runner plays no tournament). */
  tournaments?: TournamentSweep;
}

/** What the runner lends the tournaments at each sweep: who it is, its clock, dice and pacing. */
export interface TournamentSweepContext {
  db: Database;
  ownerId: string;
  now: Date;
  bettingWindowMs: number;
  botMoveTimeoutMs: number;
  random: () => number;
  /**
   * Inserts a tournament's game in the caller's transaction, leased to the runner until the
   * sweep's lease ends (the match writer's insert); false when that game is there already.
   */
  createGame: (tx: Queryable, game: NewMatch) => Promise<boolean>;
}

/**
 * Starts, plays on and ends the tournaments that are due, creating their next games leased to
 * the runner; returns those games' ids, for the runner to play.
 */
export type TournamentSweep = (context: TournamentSweepContext) => Promise<string[]>;

import { GAME_IDS } from '#core/games/gameIds.ts';
import { gameOf } from '#core/games/registry.ts';
import { BOT_MATCHES_MAX_DEFAULT } from '#core/protocol/bots.ts';
import type { PlayedMove } from '#server/modules/matches/store/botMoveNotice.ts';
import { readTurnRow, type TurnRow } from '#server/modules/matches/store/lockedMatch.ts';
import { insertMatch } from '#server/modules/matches/store/matchCreation.ts';
import {
  claimMatches,
  releaseMatches,
  renewLeases,
  takeOverMatches,
} from '#server/modules/matches/store/matchLeases.ts';
import { matchPositions } from '#server/modules/matches/store/matchPositions.ts';
import { AgentRoster } from './agentRoster.ts';
import { BotTurns } from './botTurns.ts';
import { type EngineMoveContext, playEngineMove, verdictBudgetMs } from './engineMove.ts';
import { type LiveSeating, newMatch, startLiveMatches } from './liveSeats.ts';
import { MatchPlayersCache } from './matchPlayers.ts';
import type { MatchRunnerOptions } from './matchRunnerOptions.ts';
import { PresenceHolder } from './presenceHolder.ts';
import { type Scheduler, systemScheduler } from './scheduler.ts';
import { SweepLoop } from './sweepLoop.ts';
import { TakeoverLoop } from './takeoverLoop.ts';
import { TurnRows } from './turnRows.ts';

/**
 * Keeps `liveMatches` matches of each game going across every server process sharing the
 * database, each runner starting its share of them, pairing agents that play the game. Each match
 * is owned through a lease in its row; a move is stored and published in one transaction that
 * checks the lease, so no two processes ever play the same match and a crash loses nothing. A
 * process that is gone (its presence freed) has its matches taken over within `takeoverMs`.
 */
export class MatchRunner {
  private readonly owned = new Map<string, unknown>();
  private readonly players: MatchPlayersCache;
  private readonly roster: AgentRoster;
  private readonly engine: EngineMoveContext;
  private readonly scheduler: Scheduler;
  private readonly random: () => number;
  private readonly leaseMs: number;
  private readonly sweeps: SweepLoop;
  private readonly presence: PresenceHolder;
  private readonly takeovers: TakeoverLoop;
  private running = false;
  private readonly bots: BotTurns;
  private readonly botMoveTimeoutMs: number;
  private inFlight = new Set<Promise<unknown>>();
  private readonly rows = new TurnRows();
  private readonly seating: LiveSeating;

  constructor(private readonly options: MatchRunnerOptions) {
    this.scheduler = options.scheduler ?? systemScheduler;
    this.random = options.random ?? Math.random;
    this.leaseMs = options.leaseMs ?? 15_000;
    this.botMoveTimeoutMs = options.botMoveTimeoutMs ?? 10_000;
    this.players = new MatchPlayersCache(options.db);
    this.roster = new AgentRoster(options.db);
    this.engine = {
      ...options,
      leaseMs: this.leaseMs,
      now: () => this.scheduler.now(),
      botMoveTimeoutMs: this.botMoveTimeoutMs,
      verdictBudgetMs: options.verdictBudgetMs ?? verdictBudgetMs(options.moveDelayMs),
    };
    this.seating = {
      ...options,
      bettingWindowMs: options.bettingWindowMs ?? 0,
      random: this.random,
      now: () => this.scheduler.now(),
      runners: () => this.presence.liveness(),
      adopt: (matchId) => this.adoptNew(matchId),
    };
    this.bots = new BotTurns({
      ...options,
      games: options.games ?? GAME_IDS,
      moveTimeoutMs: this.botMoveTimeoutMs,
      botMatchesMax: options.botMatchesMax ?? BOT_MATCHES_MAX_DEFAULT,
      scheduler: this.scheduler,
      random: this.random,
      newMatch: (game, firstId, secondId) => newMatch(this.seating, game, firstId, secondId),
      adopt: (matchId) => this.adoptNew(matchId),
    });
    this.sweeps = new SweepLoop(this.scheduler, options.sweepMs ?? 2_000, this.leaseMs, {
      full: () => this.sweep(),
      seat: (leaseUntil) => this.seat(leaseUntil),
      running: () => this.running,
      track: (work) => this.track(work),
    });
    this.presence = new PresenceHolder(options.db, options.ownerId);
    this.takeovers = new TakeoverLoop(this.scheduler, options.takeoverMs ?? 500, {
      takeOver: () => this.takeOver(),
      running: () => this.running,
      track: (work) => this.track(work),
    });
  }

  /** Ids of the matches this runner currently plays. */
  ownedMatches(): string[] {
    return [...this.owned.keys()];
  }

  /** Starts sweeping (claiming, creating, renewing) and playing. */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.sweeps.schedule(0);
    this.takeovers.start();
  }

  /** Stops playing, hands the matches over, and waits for the moves in flight. */
  async stop(): Promise<void> {
    this.running = false;
    this.sweeps.cancel();
    this.takeovers.cancel();
    for (const timer of this.owned.values()) if (timer) this.scheduler.clearTimeout(timer);
    // Handed over before the moves in flight end, which may take a verdict's time: the others
    // play on at once, and a move of ours finishing after that is refused (not our match).
    await releaseMatches(this.options.db, this.options.ownerId).catch(() => undefined);
    await Promise.allSettled([...this.inFlight]);
    this.owned.clear();
    this.rows.clear();
    this.players.clear();
    this.bots.clear();
    // Again for what a sweep in flight created meanwhile; then we are gone.
    await releaseMatches(this.options.db, this.options.ownerId);
    await this.presence.release();
  }

  /** One sweep: renew leases, take over orphaned matches, start new ones up to the target. */
  async sweep(): Promise<void> {
    const { db, ownerId } = this.options;
    const leaseUntil = new Date(this.scheduler.now() + this.leaseMs);
    await renewLeases(db, ownerId, leaseUntil);
    this.sweeps.renewed();
    // Claiming and starting only while the others see us alive: else they take it all back.
    if (!(await this.presence.hold())) return;
    const now = new Date(this.scheduler.now());
    const liveness = this.presence.liveness();
    for (const id of await claimMatches(db, ownerId, now, leaseUntil, liveness)) {
      if (!this.owned.has(id)) this.adopt(id, 0);
    }
    await this.seat(leaseUntil);
  }

  /** Takes over the matches of owners gone (or out of lease) and plays them at once. */
  async takeOver(): Promise<void> {
    if (!(await this.presence.hold())) return;
    const { db, ownerId } = this.options;
    const now = this.scheduler.now();
    const leaseUntil = new Date(now + this.leaseMs);
    const liveness = this.presence.liveness();
    for (const id of await takeOverMatches(db, ownerId, new Date(now), leaseUntil, liveness)) {
      if (!this.owned.has(id)) this.adopt(id, 0);
    }
  }

  /**
   * Plays on the due tournaments, then starts matches up to the targets: the part of a sweep
   * that a freed slot calls for.
   */
  private async seat(leaseUntil: Date): Promise<void> {
    const { db, ownerId, tournaments } = this.options;
    // Tournament games first, beside the live target: a round never waits for a casual slot.
    const now = new Date(this.scheduler.now());
    const created = await tournaments?.({
      db,
      ownerId,
      now,
      random: this.random,
      bettingWindowMs: this.options.bettingWindowMs ?? 0,
      botMoveTimeoutMs: this.botMoveTimeoutMs,
      createGame: (tx, game) => insertMatch(tx, game, now, leaseUntil),
    });
    for (const id of created ?? []) this.adoptNew(id);
    // Hidden and retired agents are never paired: the roster holds neither.
    const { agents: everyAgent, owners } = await this.roster.current();
    const games = this.options.games ?? GAME_IDS;
    await startLiveMatches(this.seating, games, everyAgent, owners, leaseUntil);
    await this.bots.startMatches(everyAgent, owners, leaseUntil);
  }

  /**
   * A bot moved in `matchId` (a notification from whichever process took the move): if this
   * runner was waiting for it, play on after the usual pause instead of at the deadline. `played`,
   * what the move left, spares the next turn its read of the row when a bot is to move again.
   */
  wake(matchId: string, played?: PlayedMove): void {
    if (!this.owned.has(matchId)) return;
    this.rows.tell(matchId, played);
    if (!this.bots.wake(matchId)) return;
    const timer = this.owned.get(matchId);
    if (timer) this.scheduler.clearTimeout(timer);
    this.scheduleMove(matchId, this.options.moveDelayMs);
  }

  /**
   * Plays the next move of an owned match and stores it. Returns false when the match is over or
   * no longer ours (another process took it, or it already has that move).
   */
  async playMove(matchId: string): Promise<boolean> {
    return (await this.step(matchId)) !== false;
  }

  /**
   * One turn of an owned match: an engine's move, played and stored, or, on a bot's turn, a look
   * at its deadline (lost on time once it has passed). Returns when to look again (ms), or false
   * when the match is over or no longer ours.
   */
  private async step(matchId: string): Promise<number | false> {
    const told = this.rows.takeTold(matchId);
    const match =
      told && (await this.botToMove(matchId, told)) ? told : await this.readRow(matchId);
    if (match?.status !== 'live' && match?.status !== 'scheduled') return false;
    // An announced match taken over from another process keeps taking bets until it starts.
    const startsAtMs = match.starts_at === null ? null : new Date(match.starts_at).getTime();
    if (startsAtMs !== null && startsAtMs > this.scheduler.now() && !match.moves) {
      return startsAtMs - this.scheduler.now();
    }
    const players = await this.players.of(matchId, match);
    if (!players) return false;
    const position = matchPositions.after(matchId, match.game, match.moves);
    const ply = position.played.length + 1;
    const side = gameOf(match.game).sideToMove(position.state);
    const agent = side === 0 ? players.first : players.second;
    // The row just read serves the look at the bot's deadline too.
    if (agent.kind === 'bot') return this.bots.awaitMove(matchId, ply, match);
    const judgedMs = await playEngineMove(this.engine, { ...match, id: matchId }, agent, ply);
    return judgedMs === false ? false : Math.max(0, this.options.moveDelayMs - judgedMs);
  }

  /** The match's row, read for its turn and remembered for the notices of its bots' moves. */
  private async readRow(matchId: string): Promise<TurnRow | null> {
    const row = await readTurnRow(this.options.db, matchId);
    if (row) this.rows.remember(matchId, row);
    return row;
  }

  /**
   * Whether a bot is to move on a row a notice told. Only then does that row serve the turn:
   * waiting on it is what a read just before the move landed would do, and the forfeit at the
   * deadline checks again under the lock; an engine's move is played on the row as stored.
   */
  private async botToMove(matchId: string, row: TurnRow): Promise<boolean> {
    if (row.status !== 'live') return false;
    const players = await this.players.of(matchId, row);
    const position = matchPositions.after(matchId, row.game, row.moves);
    const side = gameOf(row.game).sideToMove(position.state);
    return (side === 0 ? players?.first : players?.second)?.kind === 'bot';
  }

  private adopt(matchId: string, delayMs: number): void {
    this.owned.set(matchId, null);
    this.scheduleMove(matchId, delayMs);
  }

  /** Takes on a match just created: its first move comes after the betting window, if any. */
  private adoptNew(matchId: string): void {
    this.adopt(matchId, Math.max(this.options.bettingWindowMs ?? 0, this.options.moveDelayMs));
  }

  private scheduleMove(matchId: string, delayMs: number): void {
    if (!this.running) return;
    const timer = this.scheduler.setTimeout(() => {
      this.bots.stepStarted(matchId);
      const work = this.step(matchId).then(
        (nextInMs) => {
          const woken = this.bots.stepEnded(matchId);
          if (nextInMs === false) this.drop(matchId);
          else if (woken) {
            this.scheduleMove(matchId, Math.min(nextInMs, this.options.moveDelayMs));
          } else if (this.owned.get(matchId) === timer) this.scheduleMove(matchId, nextInMs);
        },
        // A failed query (the database is away): let go of the timer; the next sweep that
        // reaches the database claims the match back (its lease names us) and plays on from
        // the last stored move, which the ply check in recordMove makes safe to retry.
        () => {
          this.bots.stepEnded(matchId);
          this.owned.delete(matchId);
        },
      );
      this.track(work);
    }, delayMs);
    this.owned.set(matchId, timer);
  }

  private drop(matchId: string): void {
    this.owned.delete(matchId);
    this.rows.forget(matchId);
    this.players.forget(matchId);
    this.bots.forget(matchId);
    matchPositions.forget(matchId);
    // A slot is free: start the next match without waiting for the regular sweep.
    if (this.running) this.sweeps.schedule(0, false);
  }

  private track(work: Promise<unknown>): void {
    this.inFlight.add(work);
    void work.finally(() => this.inFlight.delete(work));
  }
}

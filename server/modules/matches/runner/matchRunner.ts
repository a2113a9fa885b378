import { randomUUID } from 'node:crypto';
import type { AgentDecision } from '../../../../core/games/definition.ts';
import { GAME_IDS, type GameId } from '../../../../core/games/gameIds.ts';
import { gameOf } from '../../../../core/games/registry.ts';
import type { Database } from '../../../db/database.ts';
import { schedulableAgentIds } from '../../../db/stores/agentOwnership.ts';
import { type AgentRow, listAgentRows } from '../../../db/stores/agentStore.ts';
import { findMatch } from '../store/matchStore.ts';
import {
  claimMatches,
  createMatchIfBelowTarget,
  type MatchEndHook,
  recordMove,
  releaseMatches,
  renewLeases,
} from '../store/matchWriter.ts';
import { type Scheduler, systemScheduler } from './scheduler.ts';

/** Anything that can pick an agent's move; the worker pool in production. */
interface Decider {
  decide(job: {
    game: GameId;
    moves: string;
    traits: AgentRow['traits'];
    seed: number;
    budgetMs: number;
  }): Promise<AgentDecision>;
}

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
  /** BETTING_WINDOW_MS: new matches are announced this long before their first move (0: none). */
  bettingWindowMs?: number;
  /** Runs in the transaction that ends a match: the bets' settlement, composed in app.ts. */
  onMatchEnd?: MatchEndHook;
  leaseMs?: number;
  sweepMs?: number;
  scheduler?: Scheduler;
  /** Uniform in [0, 1): picks pairings and seeds. */
  random?: () => number;
}

/** Seed of one move: the match seed mixed with the ply, so each move's search differs. */
function moveSeed(matchSeed: number, ply: number): number {
  return (Math.imul(matchSeed ^ ply, 2654435761) ^ ply) | 0;
}

/** Who plays a match, read once when the runner takes it on: the agents table is not read per move. */
interface MatchPlayers {
  game: GameId;
  first: AgentRow;
  second: AgentRow;
}

/**
 * Keeps `liveMatches` matches of each game going across every server process sharing the
 * database, pairing agents that play the game. Each match
 * is owned through a lease in its row; a move is stored and published in one transaction that
 * checks the lease, so no two processes ever play the same match and a crash loses nothing.
 */
export class MatchRunner {
  private readonly owned = new Map<string, unknown>();
  private readonly players = new Map<string, MatchPlayers>();
  private readonly scheduler: Scheduler;
  private readonly random: () => number;
  private readonly leaseMs: number;
  private readonly sweepMs: number;
  private sweepTimer: unknown = null;
  /** Sweeps failed in a row (the database is away): the next one waits longer. */
  private failedSweeps = 0;
  private running = false;
  private inFlight = new Set<Promise<unknown>>();

  constructor(private readonly options: MatchRunnerOptions) {
    this.scheduler = options.scheduler ?? systemScheduler;
    this.random = options.random ?? Math.random;
    this.leaseMs = options.leaseMs ?? 15_000;
    this.sweepMs = options.sweepMs ?? 2_000;
  }

  /** Ids of the matches this runner currently plays. */
  ownedMatches(): string[] {
    return [...this.owned.keys()];
  }

  /** Starts sweeping (claiming, creating, renewing) and playing. */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.scheduleSweep(0);
  }

  /** Stops playing, waits for moves being stored, and hands the matches back. */
  async stop(): Promise<void> {
    this.running = false;
    if (this.sweepTimer) this.scheduler.clearTimeout(this.sweepTimer);
    for (const timer of this.owned.values()) if (timer) this.scheduler.clearTimeout(timer);
    await Promise.allSettled([...this.inFlight]);
    this.owned.clear();
    this.players.clear();
    await releaseMatches(this.options.db, this.options.ownerId);
  }

  /** One sweep: renew leases, take over orphaned matches, start new ones up to the target. */
  async sweep(): Promise<void> {
    const { db, ownerId } = this.options;
    const leaseUntil = new Date(this.scheduler.now() + this.leaseMs);
    await renewLeases(db, ownerId, leaseUntil);
    for (const id of await claimMatches(db, ownerId, new Date(this.scheduler.now()), leaseUntil)) {
      if (!this.owned.has(id)) this.adopt(id, 0);
    }
    // Hidden and retired agents are never paired.
    const schedulable = await schedulableAgentIds(db);
    const everyAgent = (await listAgentRows(db)).filter((agent) => schedulable.has(agent.id));
    for (const game of this.options.games ?? GAME_IDS) {
      const agents = everyAgent.filter((agent) => agent.games.includes(game));
      await this.startMatches(game, agents, leaseUntil);
    }
  }

  /** Starts matches of one game among `agents` until the game has its live target. */
  private async startMatches(game: GameId, agents: AgentRow[], leaseUntil: Date): Promise<void> {
    const { db, ownerId } = this.options;
    const bettingWindowMs = this.options.bettingWindowMs ?? 0;
    while (agents.length >= 2) {
      const first = Math.floor(this.random() * agents.length);
      const second = (first + 1 + Math.floor(this.random() * (agents.length - 1))) % agents.length;
      const id = await createMatchIfBelowTarget(
        db,
        {
          id: randomUUID(),
          game,
          firstId: agents[first]!.id,
          secondId: agents[second]!.id,
          seed: Math.floor(this.random() * 2 ** 31),
          owner: ownerId,
          startsAt: bettingWindowMs > 0 ? new Date(this.scheduler.now() + bettingWindowMs) : null,
        },
        this.options.liveMatches,
        new Date(this.scheduler.now()),
        leaseUntil,
      );
      if (!id) break;
      this.adopt(id, Math.max(bettingWindowMs, this.options.moveDelayMs));
    }
  }

  /**
   * Plays the next move of an owned match and stores it. Returns false when the match is over or
   * no longer ours (another process took it, or it already has that move).
   */
  async playMove(matchId: string): Promise<boolean> {
    const { db, ownerId } = this.options;
    const match = await findMatch(db, matchId);
    if (match?.status !== 'live' && match?.status !== 'scheduled') return false;
    // An announced match taken over from another process keeps taking bets until it starts.
    if (match.starts_at && match.starts_at.getTime() > this.scheduler.now() && !match.moves) {
      return true;
    }
    const players = await this.playersOf(matchId, match);
    if (!players) return false;
    const ply = gameOf(match.game).decodeMoves(match.moves).length + 1;
    const agent = ply % 2 === 1 ? players.first : players.second;
    const agentId = agent.id;
    const decision = await this.options.decider.decide({
      game: match.game,
      moves: match.moves,
      traits: agent.traits,
      seed: moveSeed(match.seed, ply),
      budgetMs: agent.traits.thinkTimeMs * 2,
    });
    const now = this.scheduler.now();
    const recorded = await recordMove(db, {
      matchId,
      owner: ownerId,
      ply,
      move: decision.move,
      agentId,
      trace: decision.trace,
      now: new Date(now),
      leaseUntil: new Date(now + this.leaseMs),
      ...(this.options.onMatchEnd ? { onMatchEnd: this.options.onMatchEnd } : {}),
    });
    if (!recorded) return false;
    return recorded.result === null;
  }

  /** Both agents of a match, read from the database the first time only. */
  private async playersOf(
    matchId: string,
    match: { game: GameId; first_agent_id: string; second_agent_id: string },
  ): Promise<MatchPlayers | null> {
    const known = this.players.get(matchId);
    if (known) return known;
    const agents = await listAgentRows(this.options.db);
    const first = agents.find((row) => row.id === match.first_agent_id);
    const second = agents.find((row) => row.id === match.second_agent_id);
    if (!first || !second) return null;
    const players = { game: match.game, first, second };
    this.players.set(matchId, players);
    return players;
  }

  private adopt(matchId: string, delayMs: number): void {
    this.owned.set(matchId, null);
    this.scheduleMove(matchId, delayMs);
  }

  private scheduleMove(matchId: string, delayMs: number): void {
    if (!this.running) return;
    const timer = this.scheduler.setTimeout(() => {
      const work = this.playMove(matchId).then(
        (more) => {
          if (more) this.scheduleMove(matchId, this.options.moveDelayMs);
          else this.drop(matchId);
        },
        // A failed query (the database is away): let go of the timer; the next sweep that
        // reaches the database claims the match back (its lease names us) and plays on from
        // the last stored move, which the ply check in recordMove makes safe to retry.
        () => this.owned.delete(matchId),
      );
      this.track(work);
    }, delayMs);
    this.owned.set(matchId, timer);
  }

  private drop(matchId: string): void {
    this.owned.delete(matchId);
    this.players.delete(matchId);
    // A slot is free: start the next match without waiting for the regular sweep.
    if (this.running) this.scheduleSweep(0);
  }

  private scheduleSweep(delayMs: number): void {
    if (this.sweepTimer) this.scheduler.clearTimeout(this.sweepTimer);
    this.sweepTimer = this.scheduler.setTimeout(() => {
      this.sweepTimer = null;
      const work = this.sweep()
        .then(
          () => {
            this.failedSweeps = 0;
          },
          () => {
            this.failedSweeps++;
          },
        )
        .finally(() => {
          if (this.running && !this.sweepTimer) this.scheduleSweep(this.nextSweepMs());
        });
      this.track(work);
    }, delayMs);
  }

  /**
   * The regular period, doubled for each failed sweep in a row, but never beyond a third of the
   * lease: once the database is back, leases are renewed before another process may take over.
   */
  private nextSweepMs(): number {
    const backoff = this.sweepMs * 2 ** Math.min(this.failedSweeps, 8);
    return Math.min(backoff, Math.max(this.sweepMs, this.leaseMs / 3));
  }

  private track(work: Promise<unknown>): void {
    this.inFlight.add(work);
    void work.finally(() => this.inFlight.delete(work));
  }
}

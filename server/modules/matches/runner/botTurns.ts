import type { GameId } from '#core/games/gameIds.ts';
import type { Database } from '#server/db/database.ts';
import { BOT_EVENTS_KEEP_MS, pruneBotEvents } from '#server/events/botEvents.ts';
import { forfeitIfLate } from '#server/modules/matches/store/botDeadline.ts';
import {
  createBotMatch,
  type IdleBot,
  listIdleBots,
} from '#server/modules/matches/store/botMatches.ts';
import type { LockedMatchRow } from '#server/modules/matches/store/lockedMatch.ts';
import type { NewMatch } from '#server/modules/matches/store/matchCreation.ts';
import type { MatchEndHook } from '#server/modules/matches/store/matchEnd.ts';
import type { RosterAgent } from '#server/modules/matches/store/rosterReads.ts';
import { type AgentOwners, sameOwner } from './agentOwners.ts';
import type { Scheduler } from './scheduler.ts';

/** What the runner lends its bot side: its database, clock and dice, and how it starts a match. */
export interface BotTurnsOptions {
  db: Database;
  ownerId: string;
  /** The games this runner runs. */
  games: readonly GameId[];
  moveDelayMs: number;
  /** BOT_MOVE_TIMEOUT_MS: how long a bot has for each move before it loses on time. */
  moveTimeoutMs: number;
  /** BOT_MATCHES_MAX: at most this many matches with a bot seated, announced or live, at once. */
  botMatchesMax: number;
  onMatchEnd?: MatchEndHook;
  scheduler: Scheduler;
  /** Uniform in [0, 1): picks games, opponents and seats. */
  random: () => number;
  /** A new match of `game` between two agents (id, seed, owner, start), as the runner makes them. */
  newMatch: (game: GameId, firstId: string, secondId: string) => NewMatch;
  /** Takes on a match just created, so its first move gets played. */
  adopt: (matchId: string) => void;
}

const PRUNE_EVERY_MS = 60 * 60 * 1000;

/**
 * The runner's dealings with bots: seating every idle online bot in a match, and on a bot's turn
 * waiting for its move, which arrives over the bot API in any process and wakes the runner through
 * `BOT_MOVES_CHANNEL` (plugin.ts listens), or for its deadline, when it loses on time.
 */
export class BotTurns {
  /** Matches waiting for a bot's move: a move arriving (wake) plays on at once. */
  private readonly waiting = new Set<string>();
  /** Matches whose turn is being played now, and those of them a bot's move woke meanwhile. */
  private readonly stepping = new Set<string>();
  private readonly wokenWhileStepping = new Set<string>();
  /** When the bots' logs were last pruned (scheduler ms; -Infinity: not yet). */
  private prunedAt = Number.NEGATIVE_INFINITY;

  constructor(private readonly options: BotTurnsOptions) {}

  /**
   * Gives every idle online bot a match, on top of the live target and up to BOT_MATCHES_MAX: a
   * game it plays (among the games this runner runs), against another idle bot where one is free,
   * else an agent of that game, never one of its own owner's; seats drawn.
   */
  async startMatches(
    agents: readonly RosterAgent[],
    owners: AgentOwners,
    leaseUntil: Date,
  ): Promise<void> {
    const { db, scheduler, random } = this.options;
    await this.pruneEvents();
    const idle = await listIdleBots(db, new Date(scheduler.now()));
    const taken = new Set<string>();
    for (const bot of idle) {
      if (taken.has(bot.id)) continue;
      const games = bot.games.filter((game) => this.options.games.includes(game));
      if (games.length === 0) continue;
      const game = games[Math.floor(random() * games.length)]!;
      const opponents = opponentsFor(bot, game, agents, idle, taken, owners);
      if (opponents.length === 0) continue;
      const opponent = opponents[Math.floor(random() * opponents.length)]!;
      const botFirst = random() < 0.5;
      const outcome = await createBotMatch(
        db,
        {
          ...this.options.newMatch(
            game,
            botFirst ? bot.id : opponent,
            botFirst ? opponent : bot.id,
          ),
          moveTimeoutMs: this.options.moveTimeoutMs,
          botMatchesMax: this.options.botMatchesMax,
        },
        new Date(scheduler.now()),
        leaseUntil,
      );
      if ('refused' in outcome) {
        if (outcome.refused === 'full') return;
        continue;
      }
      taken.add(bot.id).add(opponent);
      this.options.adopt(outcome.matchId);
    }
  }

  /** At most once an hour per runner, drops the bots' events of long-ended matches. */
  private async pruneEvents(): Promise<void> {
    const now = this.options.scheduler.now();
    if (now - this.prunedAt < PRUNE_EVERY_MS) return;
    this.prunedAt = now;
    await pruneBotEvents(this.options.db, new Date(now - BOT_EVENTS_KEEP_MS));
  }

  /**
   * A bot's turn at ply `ply`: the move comes over the bot API (and wakes the runner). Until then,
   * wait for its deadline; once that has passed, the bot loses on time. `seen` is the match's row
   * the runner read for this turn. Returns when to look again (ms), or false when the match is
   * over or no longer ours.
   */
  async awaitMove(matchId: string, ply: number, seen: LockedMatchRow): Promise<number | false> {
    const now = this.options.scheduler.now();
    const late = await forfeitIfLate(this.options.db, {
      seen,
      matchId,
      owner: this.options.ownerId,
      ply,
      now: new Date(now),
      moveTimeoutMs: this.options.moveTimeoutMs,
      ...(this.options.onMatchEnd ? { onMatchEnd: this.options.onMatchEnd } : {}),
    });
    if (late.status === 'ended' || late.status === 'not-ours') return false;
    // 'moved' (it came in meanwhile): play on; 'waiting': look again at the deadline.
    if (late.status === 'moved') return this.options.moveDelayMs;
    this.waiting.add(matchId);
    return Math.max(0, late.deadline.getTime() - now);
  }

  /**
   * A bot moved in `matchId` (one of the runner's matches). True when the runner was waiting for
   * that move and should play on now rather than at the deadline.
   */
  wake(matchId: string): boolean {
    // Its step may have read the match before the move landed: it must not then wait for the deadline.
    if (this.stepping.has(matchId)) this.wokenWhileStepping.add(matchId);
    return this.waiting.delete(matchId);
  }

  /** A turn of `matchId` is being played: it waits for nothing meanwhile. */
  stepStarted(matchId: string): void {
    this.waiting.delete(matchId);
    this.stepping.add(matchId);
  }

  /** The turn of `matchId` is over; true when a bot's move woke it meanwhile (play on soon). */
  stepEnded(matchId: string): boolean {
    this.stepping.delete(matchId);
    if (!this.wokenWhileStepping.delete(matchId)) return false;
    this.waiting.delete(matchId);
    return true;
  }

  /** The runner let go of `matchId` (over, lost, or the runner stopped). */
  forget(matchId: string): void {
    this.waiting.delete(matchId);
  }

  /** The runner stopped: it waits for no bot any more. */
  clear(): void {
    this.waiting.clear();
  }
}

/**
 * Who a bot may meet in `game`: the other idle, untaken bots that play it where there are any,
 * else the agents that play it; never an agent of the bot's own owner. Bots meet bots first:
 * users' bots playing each other is what the bot API is for, and a match against an engine runs at
 * the engine's pace (up to seconds a move, on a search thread), so with agents drawn as often as
 * bots, the bots seated against them by chance piled up there while the matches between bots, over
 * in seconds, came and went (a run of 200 bots had 64% of its moves in the agents' matches).
 */
function opponentsFor(
  bot: IdleBot,
  game: GameId,
  agents: readonly RosterAgent[],
  idle: IdleBot[],
  taken: Set<string>,
  owners: AgentOwners,
): string[] {
  const idleIds = new Set(idle.map((other) => other.id));
  const allowed = agents
    .filter((agent) => agent.id !== bot.id && agent.games.includes(game) && !taken.has(agent.id))
    .filter((agent) => !sameOwner(owners, bot.id, agent.id))
    .filter((agent) => agent.kind !== 'bot' || idleIds.has(agent.id));
  const bots = allowed.filter((agent) => agent.kind === 'bot');
  return (bots.length > 0 ? bots : allowed).map((agent) => agent.id);
}

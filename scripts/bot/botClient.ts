import { BUILT_IN_AGENTS } from '#core/agents/roster.ts';
import { GridmindError } from '#core/errors.ts';
import type { GameId } from '#core/games/gameIds.ts';
import { gameOf } from '#core/games/registry.ts';
import {
  BOT_EVENT,
  botEndEventSchema,
  botMoveEventSchema,
  botStartEventSchema,
} from '#core/protocol/bots.ts';
import { createSseParser } from '#core/protocol/sseParser.ts';

/** How the reference bot chooses: one of Gridmind's own engines (an agent's id) or at random. */
export type BotEngine = { kind: 'agent'; agentId: string } | { kind: 'random' };

export interface BotClientOptions {
  server: string;
  token: string;
  engine: BotEngine;
  log: (line: string) => void;
  /** Stop after this many matches have ended (default: play forever). */
  matches?: number;
  /** Uniform in [0, 1): random moves and seeds. */
  random?: () => number;
}

/** A match the bot plays: enough to choose its moves. */
interface Seat {
  game: GameId;
  side: 'first' | 'second';
}

/** The server refused the bot's token: it was rotated or revoked, or the bot suspended or retired. */
export class TokenRefusedError extends GridmindError {
  override readonly name = 'TokenRefusedError';

  constructor() {
    super(
      'The server refused the token: it was replaced or revoked, or the bot was suspended or retired. Issue a new token on your profile page.',
    );
  }
}

/**
 * The reference bot: follows its event stream, answers each of its turns with a move, and after a
 * drop reconnects with Last-Event-ID, so it misses nothing and plays nothing twice.
 */
export class BotClient {
  private lastEventId: string | undefined;
  private readonly seats = new Map<string, Seat>();
  private ended = 0;
  private stopped = false;
  private abort: AbortController | null = null;
  private readonly random: () => number;

  constructor(private readonly options: BotClientOptions) {
    this.random = options.random ?? Math.random;
    if (options.engine.kind === 'agent') {
      const id = options.engine.agentId;
      if (!BUILT_IN_AGENTS.some((agent) => agent.id === id)) {
        const ids = BUILT_IN_AGENTS.map((agent) => agent.id).join(', ');
        throw new Error(`Unknown engine "${id}": use random or one of ${ids}.`);
      }
    }
  }

  /** Runs until `stop()` or, when `matches` is set, until that many matches have ended. */
  async run(): Promise<void> {
    const me = await this.request('GET', '/api/bot/me');
    if (!me.ok) throw new Error(`The server refused the token (${me.status}): ${await me.text()}`);
    const bot = (await me.json()) as { name: string; games: string[] };
    this.options.log(`signed in as ${bot.name}, playing ${bot.games.join(', ')}`);
    let failures = 0;
    while (!this.stopped && !this.done()) {
      try {
        await this.follow();
        failures = 0;
      } catch (error) {
        if (this.stopped) break;
        // A dead token never comes back: reconnecting would knock on a closed door forever.
        if (error instanceof TokenRefusedError) throw error;
        failures++;
        this.options.log(`stream lost (${(error as Error).message}); reconnecting`);
      }
      if (!this.stopped && !this.done()) await sleep(Math.min(10_000, 250 * 2 ** failures));
    }
  }

  stop(): void {
    this.stopped = true;
    this.abort?.abort();
  }

  private done(): boolean {
    return this.options.matches !== undefined && this.ended >= this.options.matches;
  }

  /** One connection of the event stream, until it ends. */
  private async follow(): Promise<void> {
    this.abort = new AbortController();
    const response = await fetch(new URL('/api/bot/events', this.options.server), {
      headers: {
        authorization: `Bearer ${this.options.token}`,
        accept: 'text/event-stream',
        ...(this.lastEventId ? { 'last-event-id': this.lastEventId } : {}),
      },
      signal: this.abort.signal,
    });
    if (response.status === 401) throw new TokenRefusedError();
    if (!response.ok || !response.body) throw new Error(`status ${response.status}`);
    this.options.log(
      `connected${this.lastEventId ? ` (resuming after event ${this.lastEventId})` : ''}`,
    );
    const parser = createSseParser();
    const decoder = new TextDecoder();
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      for (const message of parser.push(decoder.decode(value, { stream: true }))) {
        await this.handle(message.event, message.data);
        if (message.id) this.lastEventId = message.id;
        if (this.done()) {
          this.abort.abort();
          return;
        }
      }
    }
    throw new Error('the server closed the stream');
  }

  private async handle(event: string, data: string): Promise<void> {
    if (event === BOT_EVENT.start) {
      const start = botStartEventSchema.parse(JSON.parse(data));
      this.seats.set(start.matchId, { game: start.game, side: start.side });
      this.options.log(
        `match ${start.matchId}: ${start.game} against ${start.opponent.name}, playing ${start.side}`,
      );
      if (start.legalMoves.length > 0) {
        await this.waitUntil(Date.parse(start.startsAt));
        await this.play(start.matchId, start.game, '', 1, start.legalMoves);
      }
    } else if (event === BOT_EVENT.move) {
      const move = botMoveEventSchema.parse(JSON.parse(data));
      if (move.toMove === move.side) {
        await this.play(move.matchId, move.game, move.moves, move.ply + 1, move.legalMoves);
      }
    } else if (event === BOT_EVENT.end) {
      const end = botEndEventSchema.parse(JSON.parse(data));
      this.seats.delete(end.matchId);
      this.ended++;
      const outcome = end.result === 'draw' ? 'a draw' : end.result === end.side ? 'won' : 'lost';
      this.options.log(
        `match ${end.matchId} over after ${end.plies} moves: ${outcome} (${end.reason ?? end.status})`,
      );
    }
  }

  /** Chooses and sends the move at `ply`; a refusal is logged, never retried blindly. */
  private async play(
    matchId: string,
    game: GameId,
    moves: string,
    ply: number,
    legalMoves: string[],
  ): Promise<void> {
    const move = this.choose(game, moves, legalMoves);
    // A clock a little ahead of the server's ("starts at"), a rate limit or a dropped connection
    // is worth a few retries; any other refusal would be refused again.
    for (let attempt = 1; ; attempt++) {
      const response = await this.request('POST', `/api/bot/matches/${matchId}/moves`, {
        ply,
        move,
      }).catch(() => null);
      if (response?.ok) {
        this.options.log(`match ${matchId}: played ${move} at ply ${ply}`);
        return;
      }
      const text = response ? await response.text() : 'no answer';
      const retry =
        !response ||
        response.status === 429 ||
        response.status >= 500 ||
        text.includes('starts at');
      if (!retry || attempt >= 5 || this.stopped) {
        this.options.log(
          `match ${matchId}: ${move} at ply ${ply} refused (${response?.status ?? 'network'}): ${text}`,
        );
        return;
      }
      await sleep(Number(response?.headers.get('retry-after') ?? 0) * 1000 || 300 * attempt);
    }
  }

  private choose(game: GameId, moves: string, legalMoves: string[]): string {
    const engine = this.options.engine;
    if (engine.kind === 'random') return legalMoves[Math.floor(this.random() * legalMoves.length)]!;
    const agent = BUILT_IN_AGENTS.find((candidate) => candidate.id === engine.agentId)!;
    const rules = gameOf(game);
    // Half its think time: the engine's own budget, well inside the server's deadline.
    return rules.decide(rules.decodeMoves(moves), agent.traits, {
      seed: Math.floor(this.random() * 2 ** 31),
      deadline: Date.now() + agent.traits.thinkTimeMs,
      now: Date.now,
    }).move;
  }

  private async waitUntil(at: number): Promise<void> {
    const wait = at - Date.now();
    if (wait > 0) await sleep(wait);
  }

  private request(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Response> {
    return fetch(new URL(path, this.options.server), {
      method,
      headers: {
        authorization: `Bearer ${this.options.token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

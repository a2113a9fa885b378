import type { FastifyReply } from 'fastify';
import { BOT_EVENT } from '#core/protocol/bots.ts';
import type { Database } from '#server/db/database.ts';
import { BOT_EVENTS_CHANNEL, BOT_TOKENS_CHANNEL } from '#server/events/botEvents.ts';
import { HttpError } from '#server/plugins/errors.ts';
import { BotLogReader } from './botLogReader.ts';
import { liveTokenHash, renewOnline, setOnlineUntil } from './botStore.ts';

/** Streams one bot may hold open in a process: a new one ends the oldest. */
const MAX_STREAMS_PER_BOT = 2;

/**
 * Events read from the log at once. A stream whose socket fills mid-batch reads the rest again
 * after the drain rather than holding it, so a slow reader costs a few reads, never memory.
 */
const READ_BATCH = 50;

/** One open event stream of a bot. */
interface OpenBotStream {
  botId: string;
  /** The hash of the token it opened with: once that token dies, so does the stream. */
  tokenHash: string;
  /** The client's address, for the cap per address. */
  address: string;
  reply: FastifyReply;
  /** The last event id written. */
  sent: number;
  /** Reads run one after another, so events go out in order and once. */
  queue: Promise<void>;
  /**
   * Null while the socket takes more; else the heartbeats passed since a write filled it. Nothing
   * is read or written meanwhile (the log keeps the events), and a reader still full at the second
   * heartbeat is dropped: memory per stream stays one socket buffer, however slow the reader.
   */
  blockedBeats: number | null;
}

/** How a process's bot streams are limited. */
interface BotStreamLimits {
  heartbeatMs: number;
  /** Streams open at once from one client address. */
  perAddress: number;
}

/**
 * The bots' event streams of this process. A bot's events live in its log (`bot_events`), written
 * in the transactions that change its matches; a NOTIFY wakes its streams, which read the log after
 * the last id they sent. A stream resumed with Last-Event-ID therefore gets exactly what it missed,
 * and a notification lost while the database was away costs nothing (every stream reads again).
 * While a bot holds a stream open it is online: the heartbeat renews that in the database, only
 * while the stream's token lives. A token's death (BOT_TOKENS_CHANNEL) ends its streams at once.
 */
export class BotStreams {
  private readonly streams = new Map<string, Set<OpenBotStream>>();
  private readonly perAddress = new Map<string, number>();
  private timer: ReturnType<typeof setInterval> | null = null;
  private readonly unlisten: (() => Promise<void>)[] = [];
  private readonly logs: BotLogReader;
  /**
   * Each bot's writes of its online time, one after another: a heartbeat's renewal still in
   * flight when the bot's last stream ends would otherwise land after the offline write and leave
   * the bot online with no stream (seen in CI, the database slow under load).
   */
  private readonly onlineWrites = new Map<string, Promise<unknown>>();

  constructor(
    private readonly db: Database,
    private readonly now: () => number,
    private readonly limits: BotStreamLimits,
  ) {
    this.logs = new BotLogReader(db, READ_BATCH);
  }

  async start(): Promise<void> {
    const everyBot = () => [...this.streams.keys()];
    this.unlisten.push(
      await this.db.listen(
        BOT_EVENTS_CHANNEL,
        (botId) => {
          for (const stream of this.streams.get(botId) ?? []) this.pull(stream);
        },
        () => {
          for (const set of this.streams.values()) for (const stream of set) this.pull(stream);
        },
      ),
      // Deaths announced while the connection was down are found by re-checking every bot.
      await this.db.listen(
        BOT_TOKENS_CHANNEL,
        (botId) => void this.recheck([botId]),
        () => void this.recheck(everyBot()),
      ),
    );
    this.timer = setInterval(() => void this.heartbeat(), this.limits.heartbeatMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    for (const set of this.streams.values()) for (const stream of set) stream.reply.raw.end();
    for (const unlisten of this.unlisten.splice(0)) await unlisten();
  }

  /** How long a bot counts as online after a heartbeat: three beats, so one late beat is fine. */
  private get onlineForMs(): number {
    return this.limits.heartbeatMs * 3;
  }

  /**
   * Opens a bot's stream after event `afterSeq` and keeps it until the bot goes away or its token
   * dies. A third stream of the bot ends its oldest; an address at its cap gets 429.
   */
  async open(
    bot: { botId: string; tokenHash: string; address: string },
    reply: FastifyReply,
    afterSeq: number,
  ): Promise<void> {
    const set = this.streams.get(bot.botId) ?? new Set<OpenBotStream>();
    const oldest = set.size >= MAX_STREAMS_PER_BOT ? [...set][0] : undefined;
    const fromAddress =
      (this.perAddress.get(bot.address) ?? 0) - (oldest?.address === bot.address ? 1 : 0);
    if (fromAddress >= this.limits.perAddress) {
      throw new HttpError(
        429,
        `Too many event streams from this address: at most ${this.limits.perAddress} at once.`,
      );
    }
    reply.hijack();
    reply.raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    reply.raw.write('retry: 2000\n\n');
    const stream: OpenBotStream = {
      ...bot,
      reply,
      sent: afterSeq,
      queue: Promise.resolve(),
      blockedBeats: null,
    };
    this.streams.set(bot.botId, set);
    set.add(stream);
    this.perAddress.set(bot.address, (this.perAddress.get(bot.address) ?? 0) + 1);
    reply.raw.on('close', () => this.forget(stream));
    if (oldest) this.end(oldest);
    // Renewed only while the token lives: a token that died since the request was authenticated
    // ends the stream here, whichever came first of its death's notification and this stream.
    const until = new Date(this.now() + this.onlineForMs);
    const live = await this.inTurn(bot.botId, () =>
      renewOnline(this.db, bot.botId, [bot.tokenHash], until),
    ).catch(() => null);
    if (live === bot.tokenHash) this.pull(stream);
    else this.end(stream);
  }

  /** Removes a stream from this process's books; its bot goes offline with its last one here. */
  private forget(stream: OpenBotStream): void {
    const set = this.streams.get(stream.botId);
    if (!set?.delete(stream)) return;
    const count = (this.perAddress.get(stream.address) ?? 1) - 1;
    if (count > 0) this.perAddress.set(stream.address, count);
    else this.perAddress.delete(stream.address);
    if (set.size > 0) return;
    this.streams.delete(stream.botId);
    this.inTurn(stream.botId, () => setOnlineUntil(this.db, stream.botId, null)).catch(() => {});
  }

  /** Runs a write of `botId`'s online time after the ones issued before it. */
  private inTurn<T>(botId: string, write: () => Promise<T>): Promise<T> {
    const previous = this.onlineWrites.get(botId) ?? Promise.resolve();
    const next = previous.then(write, write);
    const settled = next.catch(() => {});
    this.onlineWrites.set(botId, settled);
    void settled.then(() => {
      if (this.onlineWrites.get(botId) === settled) this.onlineWrites.delete(botId);
    });
    return next;
  }

  /** Ends a stream now; one whose reader stopped loses what it has not taken with its socket. */
  private end(stream: OpenBotStream): void {
    this.forget(stream);
    if (stream.blockedBeats === null) stream.reply.raw.end();
    else stream.reply.raw.destroy();
  }

  /** Ends the streams of `botIds` whose token is no longer the bot's live one. */
  private async recheck(botIds: readonly string[]): Promise<void> {
    for (const botId of botIds) {
      const set = this.streams.get(botId);
      if (!set) continue;
      const live = await liveTokenHash(this.db, botId).catch(() => undefined);
      if (live === undefined) continue;
      for (const stream of set) if (stream.tokenHash !== live) this.end(stream);
    }
  }

  /** Writes `text` unless the socket is full; false (and waits for its drain) when it is. */
  private write(stream: OpenBotStream, text: string): boolean {
    const raw = stream.reply.raw;
    if (raw.destroyed || raw.writableEnded || stream.blockedBeats !== null) return false;
    if (raw.write(text)) return true;
    stream.blockedBeats = 0;
    raw.once('drain', () => {
      stream.blockedBeats = null;
      this.pull(stream);
    });
    return false;
  }

  /** Writes the events after the stream's last one; a failed read ends it (the bot reconnects). */
  private pull(stream: OpenBotStream): void {
    stream.queue = stream.queue
      .then(async () => {
        for (;;) {
          const raw = stream.reply.raw;
          if (raw.destroyed || raw.writableEnded || stream.blockedBeats !== null) return;
          const events = await this.logs.read(stream.botId, stream.sent);
          for (const event of events) {
            const text = `id: ${event.seq}\nevent: ${event.kind}\ndata: ${JSON.stringify(event.payload)}\n\n`;
            const written = this.write(stream, text);
            // A write that filled the socket was still taken; the drain reads on after it.
            if (!raw.destroyed) stream.sent = event.seq;
            if (!written) return;
          }
          if (events.length < READ_BATCH) return;
        }
      })
      .catch(() => this.end(stream));
  }

  /**
   * Tells every stream the server is there and keeps their bots online while their tokens live;
   * ends streams whose token died (a notification lost is caught here) and readers that stopped.
   */
  private async heartbeat(): Promise<void> {
    const now = this.now();
    const data = JSON.stringify({ now: new Date(now).toISOString() });
    for (const [botId, set] of this.streams) {
      const hashes = [...new Set([...set].map((stream) => stream.tokenHash))];
      const until = new Date(now + this.onlineForMs);
      const live = await this.inTurn(botId, () => renewOnline(this.db, botId, hashes, until)).catch(
        () => undefined,
      );
      for (const stream of set) {
        if (live !== undefined && stream.tokenHash !== live) this.end(stream);
        else if (stream.blockedBeats === null)
          this.write(stream, `event: ${BOT_EVENT.heartbeat}\ndata: ${data}\n\n`);
        else if (++stream.blockedBeats >= 2) this.end(stream);
      }
    }
  }

  /** Bots with a stream open in this process. */
  get size(): number {
    return this.streams.size;
  }
}

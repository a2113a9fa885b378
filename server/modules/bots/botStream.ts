import { randomUUID } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { BOT_EVENT } from '#core/protocol/bots.ts';
import type { Database } from '#server/db/database.ts';
import { BOT_EVENTS_CHANNEL, BOT_TOKENS_CHANNEL } from '#server/events/botEvents.ts';
import { HttpError } from '#server/plugins/errors.ts';
import { BotLogReader } from './botLogReader.ts';
import { liveTokenHash, renewOnline } from './botStore.ts';
import {
  BOT_STREAM_ENDS_CHANNEL,
  claimBotStream,
  releaseBotStream,
  renewBotStreams,
} from './botStreamLeases.ts';

/** Streams one bot may hold open on the whole platform: a new one ends the oldest, anywhere. */
const MAX_STREAMS_PER_BOT = 2;

/**
 * Events read from the log at once. A stream whose socket fills mid-batch reads the rest again
 * after the drain rather than holding it, so a slow reader costs a few reads, never memory.
 */
const READ_BATCH = 50;

/** One open event stream of a bot. */
interface OpenBotStream {
  /** Its row in `bot_streams`, where every process counts it. */
  id: string;
  botId: string;
  /** The hash of the token it opened with: once that token dies, so does the stream. */
  tokenHash: string;
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
  /** Streams open at once from one client address, on every process together. */
  perAddress: number;
}

/**
 * The bots' event streams of this process. A bot's events live in its log (`bot_events`), written
 * in the transactions that change its matches; a NOTIFY wakes its streams, which read the log after
 * the last id they sent. A stream resumed with Last-Event-ID therefore gets exactly what it missed,
 * and a notification lost while the database was away costs nothing (every stream reads again).
 * While a bot holds a stream open it is online: the heartbeat renews that in the database, only
 * while the stream's token lives. A token's death (BOT_TOKENS_CHANNEL) ends its streams at once.
 * Every stream is a row of `bot_streams` leased by its process's heartbeat, so a bot's two streams,
 * the streams per address and "online" count the platform, not this process.
 */
export class BotStreams {
  private readonly streams = new Map<string, Set<OpenBotStream>>();
  private readonly byId = new Map<string, OpenBotStream>();
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
      // Streams replaced by a newer one of their bot, opened on any process; ends missed while the
      // connection was down are found by the leases' renewal.
      await this.db.listen(
        BOT_STREAM_ENDS_CHANNEL,
        (id) => {
          const stream = this.byId.get(id);
          if (stream) this.end(stream);
        },
        () => void this.renewLeases(),
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
   * dies. A third stream of the bot, on any process, ends its oldest; an address at its cap on the
   * platform gets 429.
   */
  async open(
    bot: { botId: string; tokenHash: string; address: string },
    reply: FastifyReply,
    afterSeq: number,
  ): Promise<void> {
    const id = randomUUID();
    const nowMs = this.now();
    const admission = await claimBotStream(
      this.db,
      { id, botId: bot.botId, address: bot.address },
      { perBot: MAX_STREAMS_PER_BOT, perAddress: this.limits.perAddress },
      nowMs,
      nowMs + this.onlineForMs,
    );
    if (!admission.admitted) {
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
      id,
      botId: bot.botId,
      tokenHash: bot.tokenHash,
      reply,
      sent: afterSeq,
      queue: Promise.resolve(),
      blockedBeats: null,
    };
    const set = this.streams.get(bot.botId) ?? new Set<OpenBotStream>();
    this.streams.set(bot.botId, set);
    set.add(stream);
    this.byId.set(id, stream);
    reply.raw.on('close', () => this.forget(stream));
    // A client that left while its stream was counted has closed already: no 'close' will come.
    if (reply.raw.destroyed) this.forget(stream);
    // The streams it replaces here end now; those on other processes when told (their NOTIFY).
    for (const endedId of admission.ended) {
      const ended = this.byId.get(endedId);
      if (ended) this.end(ended);
    }
    // Renewed only while the token lives: a token that died since the request was authenticated
    // ends the stream here, whichever came first of its death's notification and this stream.
    const until = new Date(this.now() + this.onlineForMs);
    const live = await this.inTurn(bot.botId, () =>
      renewOnline(this.db, bot.botId, [bot.tokenHash], until),
    ).catch(() => null);
    if (live === bot.tokenHash) this.pull(stream);
    else this.end(stream);
  }

  /**
   * Removes a stream from this process's books and the platform's; its bot goes offline with its
   * last stream anywhere (a lapsed lease does not count).
   */
  private forget(stream: OpenBotStream): void {
    const set = this.streams.get(stream.botId);
    if (!set?.delete(stream)) return;
    this.byId.delete(stream.id);
    if (set.size === 0) this.streams.delete(stream.botId);
    this.inTurn(stream.botId, () => releaseBotStream(this.db, stream, this.now())).catch(() => {});
  }

  /**
   * Renews the leases of this process's streams; ends those no longer counted (replaced on
   * another process while its notification was lost). Answers whether the renewal went through.
   */
  private async renewLeases(): Promise<boolean> {
    const ids = [...this.byId.keys()];
    if (ids.length === 0) return true;
    const counted = await renewBotStreams(this.db, ids, this.now() + this.onlineForMs).catch(
      () => null,
    );
    if (!counted) return false;
    for (const id of ids) {
      const stream = this.byId.get(id);
      if (stream && !counted.has(id)) this.end(stream);
    }
    return true;
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
    await this.renewLeases();
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

import type { FastifyReply } from 'fastify';
import { BOT_EVENT } from '../../../core/protocol/bots.ts';
import type { Database } from '../../db/database.ts';
import { BOT_EVENTS_CHANNEL } from '../../events/botEvents.ts';
import { readBotEvents, setOnlineUntil } from './botStore.ts';

/** One open event stream of a bot. */
interface OpenBotStream {
  botId: string;
  reply: FastifyReply;
  /** The last event id written. */
  sent: number;
  /** Reads run one after another, so events go out in order and once. */
  queue: Promise<void>;
}

/**
 * The bots' event streams of this process. A bot's events live in its log (`bot_events`), written
 * in the transactions that change its matches; a NOTIFY wakes its streams, which read the log after
 * the last id they sent. A stream resumed with Last-Event-ID therefore gets exactly what it missed,
 * and a notification lost while the database was away costs nothing (every stream reads again).
 * While a bot holds a stream open it is online: the heartbeat renews that in the database.
 */
export class BotStreams {
  private readonly streams = new Map<string, Set<OpenBotStream>>();
  private timer: ReturnType<typeof setInterval> | null = null;
  private unlisten: (() => Promise<void>) | null = null;

  constructor(
    private readonly db: Database,
    private readonly now: () => number,
    private readonly heartbeatMs = 15_000,
  ) {}

  async start(): Promise<void> {
    this.unlisten = await this.db.listen(
      BOT_EVENTS_CHANNEL,
      (botId) => {
        for (const stream of this.streams.get(botId) ?? []) this.pull(stream);
      },
      () => {
        for (const set of this.streams.values()) for (const stream of set) this.pull(stream);
      },
    );
    this.timer = setInterval(() => void this.heartbeat(), this.heartbeatMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    for (const set of this.streams.values()) for (const stream of set) stream.reply.raw.end();
    await this.unlisten?.();
  }

  /** How long a bot counts as online after a heartbeat: three beats, so one late beat is fine. */
  private get onlineForMs(): number {
    return this.heartbeatMs * 3;
  }

  /** Opens a bot's stream after event `afterSeq` and keeps it until the bot goes away. */
  async open(botId: string, reply: FastifyReply, afterSeq: number): Promise<void> {
    reply.hijack();
    reply.raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    reply.raw.write('retry: 2000\n\n');
    const stream: OpenBotStream = { botId, reply, sent: afterSeq, queue: Promise.resolve() };
    const set = this.streams.get(botId) ?? new Set<OpenBotStream>();
    this.streams.set(botId, set);
    set.add(stream);
    reply.raw.on('close', () => {
      set.delete(stream);
      if (set.size > 0) return;
      this.streams.delete(botId);
      setOnlineUntil(this.db, botId, null).catch(() => {});
    });
    await setOnlineUntil(this.db, botId, new Date(this.now() + this.onlineForMs));
    this.pull(stream);
  }

  /** Writes the events after the stream's last one; a failed read ends it (the bot reconnects). */
  private pull(stream: OpenBotStream): void {
    stream.queue = stream.queue
      .then(async () => {
        for (;;) {
          if (stream.reply.raw.writableEnded) return;
          const events = await readBotEvents(this.db, stream.botId, stream.sent);
          for (const event of events) {
            stream.reply.raw.write(
              `id: ${event.seq}\nevent: ${event.kind}\ndata: ${JSON.stringify(event.payload)}\n\n`,
            );
            stream.sent = event.seq;
          }
          if (events.length < 500) return;
        }
      })
      .catch(() => {
        stream.reply.raw.end();
      });
  }

  /** Tells every stream the server is there, and keeps their bots online. */
  private async heartbeat(): Promise<void> {
    const now = this.now();
    const data = JSON.stringify({ now: new Date(now).toISOString() });
    for (const [botId, set] of this.streams) {
      for (const stream of set)
        stream.reply.raw.write(`event: ${BOT_EVENT.heartbeat}\ndata: ${data}\n\n`);
      await setOnlineUntil(this.db, botId, new Date(now + this.onlineForMs)).catch(() => {});
    }
  }

  /** Bots with a stream open in this process. */
  get size(): number {
    return this.streams.size;
  }
}

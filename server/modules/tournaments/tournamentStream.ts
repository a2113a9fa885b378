import type { ServerResponse } from 'node:http';
import type { FastifyReply } from 'fastify';
import {
  TOURNAMENT_EVENT,
  type TournamentEvent,
  tournamentEventSchema,
} from '../../../core/protocol/tournamentEvents.ts';
import type { Database } from '../../db/database.ts';
import { TOURNAMENT_CHANNEL } from '../../events/tournamentChannel.ts';

/** How long a client waits before reconnecting (the SSE `retry:` field). */
const RECONNECT_MS = 5_000;

/** A comment line: EventSource ignores it; proxies see bytes and keep the connection. */
const HEARTBEAT = ': heartbeat\n\n';

/**
 * Writes to a stream unless it is ended (it stays in the set until its 'close'): a write after
 * the end would be an 'error' event on the response, which nothing listens to.
 */
function write(stream: ServerResponse, text: string): void {
  if (!stream.writableEnded) stream.write(text);
}

/** The events that end a tournament: its stream says so and ends. */
const FINAL_KINDS: ReadonlySet<TournamentEvent['kind']> = new Set(['finished', 'cancelled']);

/**
 * The tournament pages' event streams of this process. Every process LISTENs on one channel, so
 * an event committed by any process (an entry, a runner starting a round, a game's end, the
 * settlement) reaches every watcher: across processes on PostgreSQL, in-process on PGlite. An
 * event is a cue to read the tournament again, so one missed while the LISTEN connection was
 * down is made good by ending every stream: the pages reconnect and read it again.
 */
export class TournamentHub {
  private readonly watchers = new Map<string, Set<ServerResponse>>();
  private unlisten: (() => Promise<void>) | null = null;
  private heartbeat: ReturnType<typeof setInterval> | null = null;

  constructor(
    private readonly db: Database,
    private readonly heartbeatMs = 15_000,
  ) {}

  async start(): Promise<void> {
    this.unlisten = await this.db.listen(
      TOURNAMENT_CHANNEL,
      (payload) => this.dispatch(payload),
      () => this.endAll(),
    );
    // One tick for every stream, idle or not: tournament events are minutes apart.
    this.heartbeat = setInterval(() => {
      for (const streams of this.watchers.values()) {
        for (const stream of streams) write(stream, HEARTBEAT);
      }
    }, this.heartbeatMs);
    this.heartbeat.unref();
  }

  /** Stops listening and ends every stream (open streams would keep the server from closing). */
  async stop(): Promise<void> {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.endAll();
    await this.unlisten?.();
    this.unlisten = null;
  }

  /** Answers with an event stream of tournament `id`'s events until it ends or the client leaves. */
  open(reply: FastifyReply, id: string): void {
    reply.hijack();
    const stream = reply.raw;
    stream.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    stream.write(`retry: ${RECONNECT_MS}\n\n`);
    let streams = this.watchers.get(id);
    if (!streams) {
      streams = new Set();
      this.watchers.set(id, streams);
    }
    streams.add(stream);
    const forget = () => {
      const current = this.watchers.get(id);
      current?.delete(stream);
      if (current?.size === 0) this.watchers.delete(id);
    };
    stream.on('close', forget);
    // Closed before it opened (the client left while the route read the tournament): no 'close'
    // will come.
    if (stream.destroyed) forget();
  }

  /** How many streams watch tournament `id` in this process. */
  watching(id: string): number {
    return this.watchers.get(id)?.size ?? 0;
  }

  private dispatch(payload: string): void {
    let json: unknown;
    try {
      json = JSON.parse(payload);
    } catch {
      return;
    }
    const parsed = tournamentEventSchema.safeParse(json);
    if (!parsed.success) return;
    const event = parsed.data;
    const streams = this.watchers.get(event.tournamentId);
    if (!streams) return;
    const frame = `event: ${TOURNAMENT_EVENT}\ndata: ${JSON.stringify(event)}\n\n`;
    const final = FINAL_KINDS.has(event.kind);
    for (const stream of streams) {
      write(stream, frame);
      if (final) stream.end();
    }
  }

  private endAll(): void {
    for (const streams of this.watchers.values()) {
      for (const stream of streams) stream.end();
    }
  }
}

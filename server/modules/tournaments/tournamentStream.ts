import type { ServerResponse } from 'node:http';
import type { FastifyReply } from 'fastify';
import {
  TOURNAMENT_EVENT,
  TOURNAMENT_STATE_EVENT,
  type TournamentEvent,
  tournamentEventSchema,
} from '#core/protocol/tournamentEvents.ts';
import type { Database } from '#server/db/database.ts';
import { TOURNAMENT_CHANNEL } from '#server/events/tournamentChannel.ts';
import { type SseFrame, sseFrame } from '#server/plugins/sseFrame.ts';
import { SseStreams } from '#server/plugins/sseHeartbeat.ts';
import { startEventStream } from '#server/plugins/startEventStream.ts';

/** How long a client waits before reconnecting (the SSE `retry:` field). */
const RECONNECT_MS = 5_000;

/** The events that end a tournament: its stream says so and ends. */
const FINAL_KINDS: ReadonlySet<TournamentEvent['kind']> = new Set(['finished', 'cancelled']);

/** One stream's way of taking a frame (and whether it is the last). */
type Deliver = (frame: SseFrame, final: boolean) => void;

/**
 * The tournament pages' event streams of this process. Every process LISTENs on one channel, so
 * an event committed by any process (an entry, a runner starting a round, a game's end, the
 * settlement) reaches every watcher: across processes on PostgreSQL, in-process on PGlite. An
 * event is a cue to read the tournament again, and every stream opens with the tournament as it
 * stands, so one missed while the LISTEN connection was down is made good by ending every
 * stream: the pages reconnect and are told it again.
 */
export class TournamentHub {
  private readonly watchers = new Map<string, Map<ServerResponse, Deliver>>();
  /** Every stream of this hub, for the heartbeat and for ending them all. */
  private readonly streams = new SseStreams();
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
      () => this.streams.endAll(),
    );
    // Tournament events are minutes apart: nearly every stream is idle at a tick and gets one.
    this.heartbeat = setInterval(() => this.streams.tick(), this.heartbeatMs);
    this.heartbeat.unref();
  }

  /** Stops listening and ends every stream (open streams would keep the server from closing). */
  async stop(): Promise<void> {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.streams.endAll();
    await this.unlisten?.();
    this.unlisten = null;
  }

  /**
   * Answers with an event stream of tournament `id`: where it stands (`readState`, read once the
   * stream listens, so nothing committed meanwhile is missed), then its events until it ends or
   * the client leaves. Events arriving during the read wait behind it: a page must not take an
   * older state after the newer one an event made it read. A failed read ends the stream (the
   * page comes back after its retry delay).
   */
  open(reply: FastifyReply, id: string, readState: () => Promise<object>): void {
    startEventStream(reply, RECONNECT_MS);
    const stream = reply.raw;
    const write = this.streams.open(stream);
    let held: { frame: SseFrame; final: boolean }[] | null = [];
    const deliver: Deliver = (frame, final) => {
      // An ended stream stays in the set until its 'close': nothing may follow its last chunk.
      if (stream.writableEnded) return;
      if (held) return void held.push({ frame, final });
      write(frame);
      if (final) stream.end();
    };
    let streams = this.watchers.get(id);
    if (!streams) {
      streams = new Map();
      this.watchers.set(id, streams);
    }
    streams.set(stream, deliver);
    const forget = () => {
      const current = this.watchers.get(id);
      current?.delete(stream);
      if (current?.size === 0) this.watchers.delete(id);
    };
    stream.on('close', forget);
    // Closed before it opened (the client left while the route read the tournament): no 'close'
    // will come.
    if (stream.destroyed) forget();
    readState().then(
      (state) => {
        const waiting = held ?? [];
        held = null;
        if (stream.writableEnded) return;
        write(sseFrame(`event: ${TOURNAMENT_STATE_EVENT}\ndata: ${JSON.stringify(state)}\n\n`));
        for (const { frame, final } of waiting) deliver(frame, final);
      },
      () => stream.end(),
    );
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
    const frame = sseFrame(`event: ${TOURNAMENT_EVENT}\ndata: ${JSON.stringify(event)}\n\n`);
    const final = FINAL_KINDS.has(event.kind);
    for (const deliver of streams.values()) deliver(frame, final);
  }
}

import type { FastifyReply } from 'fastify';
import { MATCH_EVENT, type ResultEvent } from '#core/protocol/matches.ts';
import type { MatchMove, MoveEvent, VerdictEvent } from '#core/protocol/matchMoves.ts';
import type { MatchPools } from '#core/protocol/pools.ts';
import { movesUpTo, pliesOf, resultCellsOf } from '#server/modules/matches/store/gameMoves.ts';
import type { LateVerdictsDue } from '#server/modules/matches/store/lateVerdictsDue.ts';
import type { MatchRow } from '#server/modules/matches/store/matchRows.ts';
import { type SseFrame, sseFrame } from '#server/plugins/sseFrame.ts';
import type { SseStreams } from '#server/plugins/sseHeartbeat.ts';
import { startEventStream } from '#server/plugins/startEventStream.ts';
import type { MatchHub, MatchWatcher } from './matchHub.ts';

/** The final event of a match read back from its row (a stream opened after it ended). */
function resultOf(row: MatchRow): ResultEvent | null {
  if (row.status === 'live' || row.status === 'scheduled' || !row.ended_at) return null;
  return {
    matchId: row.id,
    status: row.status,
    ...(row.result ? { result: row.result } : {}),
    moves: row.moves,
    plies: pliesOf(row.game, row.moves),
    endedAt: row.ended_at.toISOString(),
    ...(row.result_reason ? { reason: row.result_reason } : {}),
    resultCells: row.status === 'finished' ? resultCellsOf(row.game, row.moves) : [],
  };
}

/** How long a client waits before reconnecting (the SSE `retry:` field). */
export const RECONNECT_MS = 2_000;

// One serialisation and one encoding per event however many watchers receive it (the objects
// come from the hub, or from the shared read of a catch-up). `data` may be a function building
// the body: it then runs once per event, not once per watcher.
const frames = new WeakMap<object, SseFrame>();

function frameOf(
  event: string,
  data: object | (() => object),
  id: number | undefined,
  cacheKey: object,
): SseFrame {
  let frame = frames.get(cacheKey);
  if (frame === undefined) {
    const body = typeof data === 'function' ? data() : data;
    frame = sseFrame(
      `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(body)}\n\n`,
    );
    frames.set(cacheKey, frame);
  }
  return frame;
}

/**
 * Where a stream learns which late verdicts of a match just ended are still to come, and how
 * long after the end it waits for them (processes judging no bot's move pass none).
 */
export interface AwaitedVerdicts {
  read: (matchId: string) => Promise<LateVerdictsDue>;
  waitMs: number;
  /** Milliseconds since the epoch (the app's clock). */
  now: () => number;
}

/**
 * One watcher's Server-Sent Events stream: where the match stands (its spectators, its pools),
 * the moves after `lastPly`, then every new move as it is committed (event id = ply), then the
 * result; a verdict judged after its move (a bot's) comes as
 * a `verdict` event, without an id. After the result the stream stays open while late verdicts
 * (on bots' moves, and exact ones on engines' Othello moves from 20 empties) are still to come,
 * until they all have or `waitMs` after the end, then sends `end` and closes: the last moves'
 * verdicts reach a page already open. Events arriving out of order or
 * after a gap are never forwarded blindly: the missing plies are read back from the database, so
 * a watcher gets each move exactly once. When that read fails (the database is away) the stream ends, and the
 * client reconnects with its Last-Event-ID. Heartbeats are written by the caller, one shared tick
 * for every stream.
 */
export async function streamMatch(
  reply: FastifyReply,
  options: {
    hub: MatchHub;
    /** The process's open streams: this one joins them for heartbeats. */
    streams: SseStreams;
    /** The moves after a ply, and the match row; shared reads (see coalesce). */
    readMoves: (matchId: string, afterPly: number) => Promise<MatchMove[]>;
    readMatch: (matchId: string) => Promise<MatchRow | null>;
    /** The match's betting pools, sent whenever a bet changes them. */
    readPools: (matchId: string) => Promise<MatchPools | null>;
    /** The match's betting pools as the stream opens (see unannouncedBets). */
    readPoolsOnOpen: (matchId: string) => Promise<MatchPools | null>;
    match: MatchRow;
    lastPly: number;
    awaitedVerdicts?: AwaitedVerdicts;
  },
): Promise<void> {
  const { hub, match, readMoves, readMatch } = options;
  const raw = reply.raw;
  let sentPly = options.lastPly;
  let ended = false;
  let resultSent = false;
  // After the result: the plies whose late verdicts the stream still waits for, and its deadline.
  let awaited: Set<number> | null = null;
  // The plies whose verdict this stream carried after their move (a `verdict` event, or a move
  // read back with it): not the live moves, whose fan-out stays free of allocations.
  const carried = new Set<number>();
  let deadline: ReturnType<typeof setTimeout> | null = null;
  // Catch-ups (database reads) run one after another; a live move arriving meanwhile waits its
  // turn behind them, and is written at once, without a promise, when none is pending.
  let queue: Promise<void> = Promise.resolve();
  let pending = 0;
  const enqueue = (step: () => void | Promise<void>) => {
    pending++;
    queue = queue.then(async () => {
      try {
        if (!ended) await step();
      } finally {
        pending--;
      }
    });
    queue.catch(() => {
      close();
      raw.end();
    });
    // The chain carries on for later steps, which then see `ended` and do nothing.
    queue = queue.catch(() => {});
  };

  startEventStream(reply, RECONNECT_MS);
  const write = options.streams.open(raw);

  const send = (
    event: string,
    data: object | (() => object),
    id?: number,
    cacheKey: object = data,
  ) => {
    if (!ended) write(frameOf(event, data, id, cacheKey));
  };
  // Read back after a gap: `latest` is the match row read after the moves, so it holds them all.
  const sendMoves = (moves: readonly MatchMove[], latest: MatchRow) => {
    for (const move of moves) {
      if (move.ply !== sentPly + 1) continue;
      if (move.verdict) carried.add(move.ply);
      // Built once per move read back, however many watchers catch up with it.
      const event = () => ({
        matchId: match.id,
        ...move,
        moves: movesUpTo(latest.game, latest.moves, move.ply),
      });
      send(MATCH_EVENT.move, event, move.ply, move);
      sentPly = move.ply;
    }
  };
  const end = () => {
    send(MATCH_EVENT.end, { matchId: match.id });
    close();
    raw.end();
  };
  // Runs inside a catch-up step, so verdicts arriving while `read` runs wait behind it and then
  // find `awaited` set; one stored before the read is sent from it unless already carried.
  const finish = async (result: ResultEvent) => {
    if (resultSent) return;
    resultSent = true;
    send(MATCH_EVENT.result, result, result.plies);
    const wait = options.awaitedVerdicts;
    const remainingMs = wait ? Date.parse(result.endedAt) + wait.waitMs - wait.now() : 0;
    if (!wait || remainingMs <= 0) return end();
    const verdicts = await wait.read(match.id);
    // Only for moves this stream sent: the page holds the earlier ones as it loaded them.
    for (const verdict of verdicts.judged) {
      if (verdict.ply > options.lastPly && !carried.has(verdict.ply)) {
        send(MATCH_EVENT.verdict, verdict);
      }
    }
    awaited = new Set(verdicts.awaited);
    if (awaited.size === 0) return end();
    deadline = setTimeout(end, remainingMs);
    deadline.unref();
  };
  const sendLive = (move: MoveEvent) => {
    if (move.ply !== sentPly + 1) return;
    send(MATCH_EVENT.move, move, move.ply);
    sentPly = move.ply;
  };
  const sendVerdict = (verdict: VerdictEvent) => {
    if (verdict.ply > sentPly) return catchUp();
    send(MATCH_EVENT.verdict, verdict);
    carried.add(verdict.ply);
    if (awaited?.delete(verdict.ply) && awaited.size === 0) end();
  };
  // One read per process per bet (shared), one serialisation for every watcher.
  const sendPools = async () => {
    const pools = await options.readPools(match.id).catch(() => null);
    if (pools) send(MATCH_EVENT.pools, pools);
  };
  const catchUp = () =>
    enqueue(async () => {
      const moves = await readMoves(match.id, sentPly);
      const latest = await readMatch(match.id);
      if (!latest) return;
      sendMoves(moves, latest);
      const result = resultOf(latest);
      if (result && sentPly >= result.plies) await finish(result);
    });

  const watcher: MatchWatcher = {
    event(notification, spectators) {
      // While the opening (or a catch-up) is pending, a change waits behind it: the stream says
      // where things stand before it says what changed (another watcher arriving between the
      // opening's spectators and its pools was written between them).
      if (notification.kind === 'spectators') {
        const count = { count: spectators };
        if (pending === 0) send(MATCH_EVENT.spectators, count, undefined, notification);
        else enqueue(() => send(MATCH_EVENT.spectators, count, undefined, notification));
      } else if (notification.kind === 'pools') {
        if (pending === 0) void sendPools();
        else enqueue(sendPools);
      } else if (notification.kind === 'verdict') {
        // A verdict judged after its move: sent once this stream has sent that move, since a
        // catch-up still pending may read the move without it. A move not sent yet is read back
        // with its stored verdict instead.
        if (pending === 0) sendVerdict(notification.event);
        else enqueue(() => sendVerdict(notification.event));
      } else if (notification.kind === 'move' && notification.event.ply === sentPly + 1) {
        // The hot path of a fan-out: no allocation per watcher unless a catch-up is pending.
        if (pending === 0) sendLive(notification.event);
        else enqueue(() => sendLive(notification.event));
      } else if (notification.kind === 'result' || notification.event.ply > sentPly + 1) {
        catchUp();
      }
    },
    // Bets' announcements may have been missed too: the pools are read again with the moves.
    resync: () => {
      sendPools();
      catchUp();
    },
  };
  // Subscribe before reading the backlog so nothing committed in between is missed.
  const unsubscribe = hub.subscribe(match.id, watcher);
  function close() {
    if (ended) return;
    ended = true;
    if (deadline) clearTimeout(deadline);
    unsubscribe();
  }
  raw.on('close', close);
  // A client that left while the route read the match has closed already: no 'close' will come.
  if (raw.destroyed) close();
  send(MATCH_EVENT.spectators, { count: hub.spectators(match.id) });
  // Where the pools stand, before any move: a watcher coming back missed the bets placed while it
  // was away, and the page takes its pools from the stream alone. Read from the subscription on,
  // so a bet's announcement after it brings pools at least as new.
  const openingPools = options.readPoolsOnOpen(match.id);
  // A stream closed before its turn never awaits the read: its failure must not go unhandled.
  openingPools.catch(() => {});
  enqueue(async () => {
    const pools = await openingPools;
    if (pools) send(MATCH_EVENT.pools, pools);
  });
  catchUp();
}

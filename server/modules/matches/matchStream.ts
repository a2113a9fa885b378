import type { FastifyReply } from 'fastify';
import { Connect4Position } from '../../../core/games/connect4/position.ts';
import { MATCH_EVENT, type MatchMove, type ResultEvent } from '../../../core/protocol/matches.ts';
import type { MatchNotification } from './matchEvents.ts';
import type { MatchHub } from './matchHub.ts';
import type { MatchRow } from './matchRows.ts';

/** The final event of a match read back from its row (a stream opened after it ended). */
function resultOf(row: MatchRow): ResultEvent | null {
  if (row.status === 'live' || row.status === 'scheduled' || !row.ended_at) return null;
  const outcome = Connect4Position.fromMoves(row.moves).outcome();
  return {
    matchId: row.id,
    status: row.status,
    ...(row.result ? { result: row.result } : {}),
    moves: row.moves,
    endedAt: row.ended_at.toISOString(),
    winningLine: outcome.status === 'won' ? outcome.line : null,
  };
}

// One serialisation per event however many watchers receive it (the objects come from the hub).
const frames = new WeakMap<object, string>();

function frameOf(event: string, data: object, id: number | undefined, cacheKey: object): string {
  let frame = frames.get(cacheKey);
  if (frame === undefined) {
    frame = `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
    frames.set(cacheKey, frame);
  }
  return frame;
}

/**
 * One watcher's Server-Sent Events stream: the moves after `lastPly`, then every new move as it is
 * committed (event id = ply), then the result. Events arriving out of order or after a gap are
 * never forwarded blindly: the missing plies are read back from the database, so a watcher gets
 * each move exactly once.
 */
export async function streamMatch(
  reply: FastifyReply,
  options: {
    hub: MatchHub;
    /** The moves after a ply, and the match row; shared reads (see coalesce). */
    readMoves: (matchId: string, afterPly: number) => Promise<MatchMove[]>;
    readMatch: (matchId: string) => Promise<MatchRow | null>;
    match: MatchRow;
    lastPly: number;
    heartbeatMs: number;
  },
): Promise<void> {
  const { hub, match, readMoves, readMatch } = options;
  const raw = reply.raw;
  let sentPly = options.lastPly;
  let ended = false;
  let catchingUp: Promise<void> = Promise.resolve();

  reply.hijack();
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  raw.write('retry: 2000\n\n');

  const send = (event: string, data: object, id?: number, cacheKey: object = data) => {
    if (!ended) raw.write(frameOf(event, data, id, cacheKey));
  };
  const sendMoves = (moves: readonly MatchMove[]) => {
    for (const move of moves) {
      if (move.ply !== sentPly + 1) continue;
      send(MATCH_EVENT.move, { matchId: match.id, ...move }, move.ply, move);
      sentPly = move.ply;
    }
  };
  const finish = (result: ResultEvent) => {
    send(MATCH_EVENT.result, result, result.moves.length);
    close();
    raw.end();
  };
  const catchUp = () => {
    catchingUp = catchingUp.then(async () => {
      if (ended) return;
      sendMoves(await readMoves(match.id, sentPly));
      const latest = await readMatch(match.id);
      const result = latest ? resultOf(latest) : null;
      if (result && sentPly >= result.moves.length) finish(result);
    });
    catchingUp.catch(() => close());
  };

  const onNotification = (notification: MatchNotification, spectators: number) => {
    if (notification.kind === 'spectators') {
      send(MATCH_EVENT.spectators, { count: spectators }, undefined, notification);
    } else if (notification.kind === 'move' && notification.event.ply === sentPly + 1) {
      catchingUp = catchingUp.then(() => {
        if (notification.event.ply === sentPly + 1) {
          send(MATCH_EVENT.move, notification.event, notification.event.ply);
          sentPly = notification.event.ply;
        }
      });
    } else if (notification.kind === 'result' || notification.event.ply > sentPly + 1) {
      catchUp();
    }
  };
  // Subscribe before reading the backlog so nothing committed in between is missed.
  const unsubscribe = hub.subscribe(match.id, onNotification);
  const heartbeat = setInterval(() => {
    if (!ended) raw.write(': heartbeat\n\n');
  }, options.heartbeatMs);
  heartbeat.unref?.();
  function close() {
    if (ended) return;
    ended = true;
    clearInterval(heartbeat);
    unsubscribe();
  }
  raw.on('close', close);
  send(MATCH_EVENT.spectators, { count: hub.spectators(match.id) });
  catchUp();
}

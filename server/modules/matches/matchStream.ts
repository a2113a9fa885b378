import type { FastifyReply } from 'fastify';
import { Connect4Position } from '../../../core/games/connect4/position.ts';
import { MATCH_EVENT, type MatchMove, type ResultEvent } from '../../../core/protocol/matches.ts';
import type { Database } from '../../db/database.ts';
import type { MatchNotification } from './matchEvents.ts';
import type { MatchHub } from './matchHub.ts';
import type { MatchRow } from './matchRows.ts';
import { findMatch, listMoves } from './matchStore.ts';

/** The final event of a match read back from its row (a stream opened after it ended). */
export function resultOf(row: MatchRow): ResultEvent | null {
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

/**
 * One watcher's Server-Sent Events stream: the moves after `lastPly`, then every new move as it is
 * committed (event id = ply), then the result. Events arriving out of order or after a gap are
 * never forwarded blindly: the missing plies are read back from the database, so a watcher gets
 * each move exactly once.
 */
export async function streamMatch(
  reply: FastifyReply,
  options: { db: Database; hub: MatchHub; match: MatchRow; lastPly: number; heartbeatMs: number },
): Promise<void> {
  const { db, hub, match } = options;
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

  const send = (event: string, data: unknown, id?: number) => {
    if (ended) return;
    raw.write(
      `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`,
    );
  };
  const sendMoves = (moves: readonly MatchMove[]) => {
    for (const move of moves) {
      if (move.ply !== sentPly + 1) continue;
      send(MATCH_EVENT.move, { matchId: match.id, ...move }, move.ply);
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
      sendMoves(await listMoves(db, match.id, sentPly));
      const latest = await findMatch(db, match.id);
      const result = latest ? resultOf(latest) : null;
      if (result && sentPly >= result.moves.length) finish(result);
    });
    catchingUp.catch(() => close());
  };

  const onNotification = (notification: MatchNotification, spectators: number) => {
    if (notification.kind === 'spectators') {
      send(MATCH_EVENT.spectators, { count: spectators });
    } else if (notification.kind === 'move' && notification.event.ply === sentPly + 1) {
      catchingUp = catchingUp.then(() => {
        if (notification.event.ply === sentPly + 1) {
          const { matchId: _matchId, ...move } = notification.event;
          sendMoves([move]);
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

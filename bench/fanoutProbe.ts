/**
 * Preloaded into the server by the watchers benchmark (`--import`): times each move's fan-out
 * inside the server and prints one `fanout {json}` line per move on stdout, so the benchmark can
 * split a delivery's latency into the server's part and the rest (kernel, client processes).
 * `commitMs`: from the move's timestamp (taken before its transaction) to the hub receiving it;
 * `loopMs`: the hub handing it to every watcher; `flushMs`: until the next turn of the event loop,
 * by when writes deferred to the end of the tick have reached the sockets too; `loopCpuMs` and
 * `loopWaitMs`: of `loopMs`, the main thread's time on a core and waiting for one (Linux only). A match's end
 * prints one `result {json}` line (matchId, plies), so a bench can tell when matches ended.
 */
import { performance } from 'node:perf_hooks';
import type { MatchNotification } from '#server/events/matchChannel.ts';
import { MatchHub } from '#server/modules/matches/stream/matchHub.ts';
import { threadSchedule } from './threadSchedule.ts';

// `dispatch` is private to the hub's type, not to JavaScript: wrap it without touching the hub.
const hub = MatchHub.prototype as unknown as { dispatch(notification: MatchNotification): void };
const dispatch = hub.dispatch;
hub.dispatch = function timedDispatch(this: MatchHub, notification: MatchNotification) {
  if (notification.kind === 'result') {
    const { matchId, plies } = notification.event;
    process.stdout.write(`result ${JSON.stringify({ matchId, plies, at: Date.now() })}\n`);
  }
  if (notification.kind !== 'move') return dispatch.call(this, notification);
  const receivedMs = Date.now();
  const schedule = threadSchedule();
  const started = performance.now();
  dispatch.call(this, notification);
  const loopMs = performance.now() - started;
  const after = threadSchedule();
  setImmediate(() => {
    const line = {
      ply: notification.event.ply,
      matchId: notification.event.matchId,
      at: receivedMs,
      commitMs: receivedMs - Date.parse(notification.event.playedAt),
      loopMs: Math.round(loopMs * 10) / 10,
      ...(schedule && after
        ? {
            loopCpuMs: Math.round((after.runNs - schedule.runNs) / 1e5) / 10,
            loopWaitMs: Math.round((after.waitNs - schedule.waitNs) / 1e5) / 10,
          }
        : {}),
      flushMs: Math.round((performance.now() - started) * 10) / 10,
    };
    process.stdout.write(`fanout ${JSON.stringify(line)}\n`);
  });
};

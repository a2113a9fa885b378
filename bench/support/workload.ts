import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { matchListResponseSchema } from '#core/protocol/matches.ts';
import { openSse } from '#server/testing/sseReader.ts';
import { LoadClient, type LoadRecorder } from './httpLoad.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Server settings for load runs: matches short and frequent, limits out of the way. */
export const LOAD_SERVER_ENV: Record<string, string> = {
  LIVE_MATCHES: '4',
  MOVE_DELAY_MS: '300',
  BETTING_WINDOW_MS: '30000',
  AUTH_RATE_LIMIT_PER_MINUTE: '100000',
  BET_RATE_LIMIT_PER_MINUTE: '100000',
  WRITE_RATE_LIMIT_PER_MINUTE: '100000',
  // Every simulated watcher connects from 127.0.0.1.
  SSE_MAX_STREAMS: '100000',
  SSE_MAX_PER_ADDRESS: '100000',
};

/** Reads a positive whole number from the environment, else the default. */
export function envCount(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return Number.isInteger(value) && value > 0 ? value : fallback;
}

/** Signs in `count` fresh wallets (viem local accounts, real SIWE), `parallel` at a time. */
export async function signInClients(
  origin: string,
  recorder: LoadRecorder,
  count: number,
  parallel = 20,
): Promise<LoadClient[]> {
  const clients: LoadClient[] = [];
  for (let start = 0; start < count; start += parallel) {
    const batch = Array.from({ length: Math.min(parallel, count - start) }, async () => {
      const client = new LoadClient(origin, recorder);
      if (await client.signIn(privateKeyToAccount(generatePrivateKey()))) clients.push(client);
    });
    await Promise.all(batch);
  }
  return clients;
}

/** The ids of announced (bettable) and live (watchable) matches, refreshed in the background. */
export function watchMatchList(origin: string, until: () => boolean) {
  const ids = { scheduled: [] as string[], live: [] as string[] };
  const refresh = async () => {
    for (const status of ['scheduled', 'live'] as const) {
      const response = await fetch(`${origin}/api/matches?status=${status}&limit=20`).catch(
        () => null,
      );
      if (!response?.ok) continue;
      ids[status] = matchListResponseSchema.parse(await response.json()).items.map((m) => m.id);
    }
  };
  const done = (async () => {
    while (!until()) {
      await refresh();
      await sleep(1_000);
    }
  })();
  return { ids, ready: refresh(), done };
}

const pick = <T>(items: readonly T[]): T | undefined =>
  items[Math.floor(Math.random() * items.length)];

/**
 * Each client places bets of 1–5 points on announced matches, one after another, with a look at
 * the pools and its balance now and then, until `until()` or `maxBets` bets were sent in all.
 */
export async function runBettors(options: {
  clients: readonly LoadClient[];
  matches: { scheduled: string[] };
  until: () => boolean;
  maxBets: number;
  pauseMs?: number;
}): Promise<number> {
  let sent = 0;
  await Promise.all(
    options.clients.map(async (client, index) => {
      let serial = 0;
      while (!options.until() && sent < options.maxBets) {
        const matchId = pick(options.matches.scheduled);
        if (!matchId) {
          await sleep(100);
          continue;
        }
        sent++;
        await client.send('POST /api/bets', '/api/bets', {
          method: 'POST',
          json: {
            matchId,
            side: pick(['first', 'second', 'draw'] as const),
            amount: 1 + Math.floor(Math.random() * 5),
            idempotencyKey: `load-${index}-${serial++}-${Date.now()}`,
          },
        });
        if (serial % 4 === 0)
          await client.send('GET /api/matches/:id/pools', `/api/matches/${matchId}/pools`);
        if (serial % 8 === 0) await client.send('GET /api/me', '/api/me');
        if (options.pauseMs) await sleep(options.pauseMs * (0.5 + Math.random()));
      }
    }),
  );
  return sent;
}

/**
 * `count` watchers streaming live and announced matches; each moves to another match when its stream ends, and,
 * with `churnMs`, hangs up and reconnects after about that long (as people come and go).
 */
export async function runWatchers(options: {
  origin: string;
  recorder: LoadRecorder;
  count: number;
  matches: { live: string[]; scheduled: string[] };
  until: () => boolean;
  churnMs?: number;
}): Promise<{ events: number }> {
  const totals = { events: 0 };
  const stopped = new Promise<null>((resolve) => {
    const timer = setInterval(() => {
      if (!options.until()) return;
      clearInterval(timer);
      resolve(null);
    }, 200);
  });
  await Promise.all(
    Array.from({ length: options.count }, async () => {
      while (!options.until()) {
        // Live matches, and announced ones (their page is open before the first move too).
        const matchId = pick([...options.matches.live, ...options.matches.scheduled]);
        if (!matchId) {
          await sleep(200);
          continue;
        }
        const started = performance.now();
        const connecting = openSse(`${options.origin}/api/matches/${matchId}/events`).catch(
          () => null,
        );
        // A connection still queued when the run ends is dropped, so the run stays bounded.
        const connection = await Promise.race([connecting, stopped]);
        if (!connection && options.until()) {
          void connecting.then((late) => late?.close());
          break;
        }
        options.recorder.record(
          'GET /api/matches/:id/events',
          performance.now() - started,
          connection ? 200 : 0,
        );
        if (!connection) {
          await sleep(200);
          continue;
        }
        const leaveAt = options.churnMs
          ? Date.now() + options.churnMs * (0.5 + Math.random())
          : Infinity;
        // One read in flight at a time; the race only decides when to look at the clock again.
        let next = connection.next().then(
          () => 'event' as const,
          () => 'ended' as const,
        );
        while (!options.until() && Date.now() < leaveAt) {
          const outcome = await Promise.race([
            next,
            stopped,
            sleep(1_000).then(() => 'tick' as const),
          ]);
          if (outcome === null || outcome === 'ended') break;
          if (outcome === 'tick') continue;
          totals.events++;
          next = connection.next().then(
            () => 'event' as const,
            () => 'ended' as const,
          );
        }
        connection.close();
      }
    }),
  );
  return totals;
}

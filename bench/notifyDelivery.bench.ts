/**
 * Issue 48's delivery figure: one agent with 10,000 followers, each with a push subscription on a
 * local stand-in push service, announces a match; the time from the announcement's commit to each
 * push request the stand-in receives. The real NotificationWorker (default policies: a burst is
 * gathered for 1 s first) and the real push channel run in this process on PostgreSQL, in a
 * scratch schema of BENCH_DATABASE_URL or TEST_DATABASE_URL, grown with 20,000 other users who
 * follow other agents and have devices of their own (none of whom may be pushed to). Every
 * follower's push is decrypted with its browser's key. `npm run bench -- notify` (also runs the
 * preview bench). Prints figures; asserts nothing.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { figureRowReport } from '#scripts/figuresTable.ts';
import { openDatabase } from '#server/db/database.ts';
import { migrate } from '#server/db/migrate.ts';
import { insertMatch } from '#server/modules/matches/store/matchCreation.ts';
import { NotificationWorker } from '#server/modules/notifications/notificationWorker.ts';
import { createPushChannel } from '#server/modules/push/pushChannel.ts';
import { insertHouseAgents } from '#server/testing/economyFixtures.ts';
import {
  createTestBrowserKeys,
  startLocalPushService,
  type TestBrowserKeys,
} from '#server/testing/localPushService.ts';

const FOLLOWERS = 10_000;
const OTHER_USERS = 20_000;
const PER_STATEMENT = 1_000;
const SCHEMA = 'bench_notify_delivery';
/** Long enough for 10,000 pushes on a busy machine; the figure is whatever it took. */
const WAIT_LIMIT_MS = 120_000;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

export default async function notifyDeliveryBench(): Promise<void> {
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!url) {
    console.log('(set BENCH_DATABASE_URL or TEST_DATABASE_URL to a scratch PostgreSQL database)');
    return;
  }
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`drop schema if exists ${SCHEMA} cascade; create schema ${SCHEMA}`);
  // Each push's arrival, by its endpoint's path, timed as the stand-in reads its last byte.
  const arrivals = new Map<string, number[]>();
  const pushService = await startLocalPushService((path) => {
    const times = arrivals.get(path) ?? [];
    times.push(performance.now());
    arrivals.set(path, times);
    return { status: 201 };
  });
  const db = await openDatabase({ databaseUrl: url, dataDir: '', schema: SCHEMA });
  let worker: NotificationWorker | null = null;
  try {
    await migrate(db);
    const seedStarted = performance.now();
    const [followed, opponent] = await insertHouseAgents(db);
    const traits = JSON.stringify({ skill: 1, style: 'balanced', risk: 0, thinkTimeMs: 100 });
    await db.query(
      `insert into agents (id, name, traits, kind)
       select 'other-' || n, 'other-' || n, $1, 'builtin' from generate_series(1, 20) n`,
      [traits],
    );
    const browsers = new Map<string, TestBrowserKeys>();
    const othersBrowser = createTestBrowserKeys();
    for (let done = 0; done < FOLLOWERS + OTHER_USERS; done += PER_STATEMENT) {
      const follower = done < FOLLOWERS;
      const addresses = Array.from(
        { length: PER_STATEMENT },
        () => `0x${randomBytes(20).toString('hex')}`,
      );
      const keys = addresses.map((address) => {
        if (!follower) return othersBrowser;
        const browser = createTestBrowserKeys();
        browsers.set(`/device/${address}`, browser);
        return browser;
      });
      // A follower follows the announcing agent; another user follows two of the other agents.
      await db.query(
        `with u as (insert into users (address, nickname, balance)
           select a, 'Bench' || substr(a, 3, 12), 1000 from unnest($1::text[]) as i(a)
           returning id, address),
         f as (insert into follows (user_id, target_kind, target_id, created_at)
           select u.id, 'agent', t, now() from u cross join lateral (
             select $4::text as t where $5 union all
             select 'other-' || (1 + abs(hashtext(u.address)) % 20) where not $5 union all
             select 'other-' || (1 + abs(hashtext(u.address || 'b')) % 20) where not $5) targets
           on conflict do nothing)
         insert into push_subscriptions (endpoint, user_id, p256dh, auth, created_at)
         select $6 || '/device/' || u.address, u.id, k.p, k.a, now()
         from u join unnest($1::text[], $2::text[], $3::text[]) as k(address, p, a)
           on k.address = u.address`,
        [
          addresses,
          keys.map((key) => key.p256dh),
          keys.map((key) => key.auth),
          followed,
          follower,
          pushService.origin,
        ],
      );
    }
    await db.query('analyze');
    console.log(
      `seeded ${FOLLOWERS} followers of ${followed} and ${OTHER_USERS} other users, each with a ` +
        `device, in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
    );

    const serviceHosts = [new URL(pushService.origin).host];
    const channel = createPushChannel({
      db,
      subject: 'mailto:bench@gridmind.example',
      now: Date.now,
      serviceHosts,
      agent: pushService.agent,
    });
    worker = new NotificationWorker({
      db,
      channels: [channel],
      clock: { now: Date.now, setTimeout, clearTimeout: (handle) => clearTimeout(handle as never) },
      onError: (error) => console.log('worker error:', error),
    });
    await worker.start();

    // Announced as the match runner does: scheduled, taking bets until its first move.
    const matchId = `bench-${randomBytes(4).toString('hex')}`;
    const now = new Date();
    await db.transaction((tx) =>
      insertMatch(
        tx,
        {
          id: matchId,
          game: 'connect4',
          firstId: followed,
          secondId: opponent,
          seed: 1,
          owner: 'bench',
          startsAt: new Date(now.getTime() + 60_000),
        },
        now,
        new Date(now.getTime() + 30_000),
      ),
    );
    const committed = performance.now();
    while (arrivals.size < FOLLOWERS && performance.now() - committed < WAIT_LIMIT_MS) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const gathered = await db.query<{ first: number; last: number; count: number }>(
      `select count(*)::int as count,
         (extract(epoch from min(created_at)) * 1000)::float8 as first,
         (extract(epoch from max(created_at)) * 1000)::float8 as last from notifications`,
    );
    // Wall-clock epoch to this process's performance clock, for the gather's timestamps.
    const toPerf = (epochMs: number) => epochMs - (Date.now() - performance.now()) - committed;
    await worker.stop();
    worker = null;

    const delays = [...arrivals.values()]
      .flat()
      .map((at) => at - committed)
      .sort((a, b) => a - b);
    const followerPaths = [...browsers.keys()];
    const once = followerPaths.filter((path) => arrivals.get(path)?.length === 1).length;
    const strangers = [...arrivals.keys()].filter((path) => !browsers.has(path)).length;
    let decrypted = 0;
    for (const push of pushService.received) {
      const text = browsers.get(push.path)?.decrypt(push.body) ?? '';
      if (text.includes(matchId)) decrypted++;
    }
    const g = gathered.rows[0];
    console.log(
      `pushes received ${delays.length} (${once} of ${FOLLOWERS} followers exactly once, ` +
        `${strangers} to others, ${decrypted} decrypt to a notice naming the match)`,
    );
    console.log(
      `from the commit: p50 ${percentile(delays, 50).toFixed(0)} ms, p99 ${percentile(delays, 99).toFixed(0)} ms, ` +
        `max ${(delays.at(-1) ?? Number.NaN).toFixed(0)} ms; first push ${(delays[0] ?? Number.NaN).toFixed(0)} ms`,
    );
    if (g) {
      console.log(
        `where the time goes: ${g.count} notifications gathered from ${toPerf(g.first).toFixed(0)} ms ` +
          `to ${toPerf(g.last).toFixed(0)} ms after the commit (gather wait ${1_000} ms, then ` +
          `500 users a transaction), each batch's deliveries sent beside the next's gathering`,
      );
    }
    console.log(
      figureRowReport({
        figure: "a match's announcement to its 10,000 followers' pushes, p50 / p99 / max",
        target: 'p99 ≤ 2 s',
        value: `${(percentile(delays, 50) / 1000).toFixed(1)} / ${(percentile(delays, 99) / 1000).toFixed(1)} / ${((delays.at(-1) ?? Number.NaN) / 1000).toFixed(1)} s (${once} of ${FOLLOWERS} once)`,
        command: '`npm run bench -- notifyDelivery` (PostgreSQL)',
      }),
    );
  } finally {
    await worker?.stop();
    await db.close();
    await pushService.close();
    await admin.query(`drop schema if exists ${SCHEMA} cascade`);
    await admin.end();
  }
}

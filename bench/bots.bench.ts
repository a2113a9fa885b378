/**
 * Bots: BOTS (200) bots on loopback, registered through the API by signed-in owners, each
 * holding its event stream open and answering every turn at once with a random legal move. The
 * runner gives every idle online bot a match (mostly against each other), so all are playing.
 * Prints, over BOTS_SECONDS (30) of play after BOTS_WARMUP_SECONDS (15) for the seating: move-accept latency (the POST, p50/p99/max) and the
 * time from a bot sending a move to its opponent bot receiving it on its stream, and the statements
 * the server sent its database per accepted move (everything: the moves, the runner, the streams'
 * reads and heartbeats), and the server's CPU per accepted move: the whole process's and its main
 * thread's (the rest is the agents' searches, on worker threads, in the matches a bot plays against
 * an agent). On the grown database named by BOTS_GROWN_DATABASE_URL or
 * BOTS_GROWN_DATA_DIR (bench/support/botsServer.ts), else on an empty one.
 */
import { Agent, request } from 'node:http';
import { figureNumber, figureRowReport } from '#scripts/figuresTable.ts';
import { openSse, type SseConnection } from '#server/testing/sseReader.ts';
import { startBotsServer } from './support/botsServer.ts';
import { LoadRecorder } from './support/httpLoad.ts';
import { envCount, signInClients } from './support/workload.ts';

const agent = new Agent({ keepAlive: true, maxSockets: 64 });

/** POSTs JSON with a bearer token; resolves with the status. */
function post(url: string, token: string, body: unknown): Promise<number> {
  const payload = JSON.stringify(body);
  return new Promise((resolve) => {
    const req = request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    req.on('error', () => resolve(0));
    req.end(payload);
  });
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;

function summary(label: string, values: number[]): string {
  const sorted = values.toSorted((a, b) => a - b);
  const cell = (value: number) => `${value.toFixed(1)} ms`;
  return `${label.padEnd(34)} n=${String(sorted.length).padStart(6)}  p50 ${cell(percentile(sorted, 50))}  p99 ${cell(percentile(sorted, 99))}  max ${cell(sorted.at(-1) ?? NaN)}`;
}

/** Each database the bench runs on, as FIGURES.md names it, and the command of its rows. */
const FIGURE_DATABASES: Record<string, { name: string; command: string }> = {
  'postgres, grown': {
    name: 'PostgreSQL grown',
    command:
      '`BOTS_SECONDS=15 BOTS_GROWN_DATABASE_URL=postgres://postgres@127.0.0.1:5432/bots_x<n> npm run -s bench -- bots`',
  },
  'pglite, grown': {
    name: 'PGlite grown',
    command:
      '`BOTS_SECONDS=15 BOTS_GROWN_DATA_DIR=/tmp/pglite_grown_copy npm run -s bench -- bots`',
  },
  'pglite, empty': { name: 'PGlite empty', command: '`BOTS_SECONDS=15 npm run -s bench -- bots`' },
  'postgres, empty': {
    name: 'PostgreSQL empty',
    command: '`BOTS_SECONDS=15 DATABASE_URL=<postgres> npm run -s bench -- bots`',
  },
};

export default async function botsBench(): Promise<void> {
  const count = envCount('BOTS', envCount('BOTS_COUNT', 200));
  const seconds = envCount('BOTS_SECONDS', 30);
  const warmupSeconds = envCount('BOTS_WARMUP_SECONDS', 15);
  const server = await startBotsServer({
    LIVE_MATCHES: '1',
    LIVE_GAMES: 'connect4',
    MOVE_DELAY_MS: '0',
    BETTING_WINDOW_MS: '0',
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    WRITE_RATE_LIMIT_PER_MINUTE: '100000',
    BOT_MOVE_RATE_LIMIT_PER_MINUTE: '100000',
    // Every bench bot streams from loopback, and each may have its match at once.
    BOT_STREAMS_PER_ADDRESS: '100000',
    BOT_MATCHES_MAX: String(count),
  });
  const streams: SseConnection[] = [];
  let playing = true;
  try {
    const owners = await signInClients(server.origin, new LoadRecorder(), Math.ceil(count / 3));
    const tokens: string[] = [];
    const botIds = new Set<string>();
    for (let index = 0; tokens.length < count; index++) {
      const owner = owners[Math.floor(index / 3)];
      if (!owner) throw new Error('not enough owners signed in');
      const { status, body } = await owner.send('register', '/api/bots', {
        method: 'POST',
        json: { name: `Bench bot ${process.pid % 10_000}-${index}`, games: ['connect4'] },
      });
      if (status !== 201) throw new Error(`registering a bot answered ${status}: ${body}`);
      const registered = JSON.parse(body) as { id: string; token: string };
      tokens.push(registered.token);
      botIds.add(registered.id);
    }

    const acceptMs: number[] = [];
    const acceptedMs: number[] = [];
    const deliveryMs: number[] = [];
    const statuses = new Map<number, number>();
    /** When each move was sent, by match and ply, until its opponent sees it. */
    const sentAt = new Map<string, number>();
    const matches = new Set<string>();
    /** Matches of two bench bots: the rest are against Gridmind's agents, which think first. */
    const botAgainstBot = new Set<string>();
    let acceptedAgainstBots = 0;
    const play = async (token: string, matchId: string, ply: number, legal: string[]) => {
      const move = legal[Math.floor(Math.random() * legal.length)];
      if (!move || !playing) return;
      const started = performance.now();
      sentAt.set(`${matchId}:${ply}`, started);
      const status = await post(`${server.origin}/api/bot/matches/${matchId}/moves`, token, {
        ply,
        move,
      });
      // An answer after the window closed is not the window's: counted, it made the split between
      // bots' and agents' matches (counted later) disagree with the total (counted at the close).
      if (!playing) return;
      const tookMs = performance.now() - started;
      acceptMs.push(tookMs);
      if (status === 200) {
        acceptedMs.push(tookMs);
        if (botAgainstBot.has(matchId)) acceptedAgainstBots++;
      }
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    };
    const follow = async (token: string) => {
      const stream = await openSse(`${server.origin}/api/bot/events`, {
        authorization: `Bearer ${token}`,
      });
      streams.push(stream);
      for (;;) {
        const event = await stream.next().catch(() => null);
        if (!event || !playing) return;
        const data = JSON.parse(event.data);
        if (event.event === 'match-start') {
          matches.add(data.matchId);
          if (botIds.has(data.opponent?.id)) botAgainstBot.add(data.matchId);
          if (data.legalMoves.length > 0) void play(token, data.matchId, 1, data.legalMoves);
        } else if (event.event === 'move') {
          const key = `${data.matchId}:${data.ply}`;
          const sent = sentAt.get(key);
          // The opponent's stream: the mover's own echo comes to the mover, not counted.
          if (sent !== undefined && data.toMove === data.side) {
            deliveryMs.push(performance.now() - sent);
            sentAt.delete(key);
          }
          if (data.toMove === data.side)
            void play(token, data.matchId, data.ply + 1, data.legalMoves);
        }
      }
    };
    const followers = tokens.map((token) => follow(token));
    // The runner seats the bots sweep by sweep: measure once they are playing.
    await new Promise((resolve) => setTimeout(resolve, warmupSeconds * 1000));
    acceptMs.length = 0;
    acceptedMs.length = 0;
    deliveryMs.length = 0;
    statuses.clear();
    acceptedAgainstBots = 0;
    const matchesBefore = matches.size;
    const statementsBefore = await server.statements();
    const shapesBefore = await server.statementShapes();
    const cpuMsBefore = await server.cpuMs();
    const mainCpuMsBefore = await server.mainThreadCpuMs();
    await server.poolWaitsMs();
    const benchCpuBefore = process.cpuUsage();
    const started = performance.now();
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
    playing = false;
    const elapsed = (performance.now() - started) / 1000;
    const benchCpu = process.cpuUsage(benchCpuBefore);
    const benchCpuMs = (benchCpu.user + benchCpu.system) / 1000;
    const accepted = acceptedMs.length;
    const statements = (await server.statements()) - statementsBefore;
    const cpuMs = (await server.cpuMs()) - cpuMsBefore;
    const mainCpuMs = (await server.mainThreadCpuMs()) - mainCpuMsBefore;
    const poolWaitsMs = await server.poolWaitsMs();
    const shapes = Object.entries(await server.statementShapes())
      .map(([shape, n]) => [shape, n - (shapesBefore[shape] ?? 0)] as const)
      .filter(([, n]) => n > 0)
      .toSorted((a, b) => b[1] - a[1]);
    for (const stream of streams) stream.close();
    await Promise.allSettled(followers);
    const rss = await server.rssBytes();
    console.log(
      `${server.database}: ${tokens.length} bots for ${elapsed.toFixed(0)} s after ${warmupSeconds} s, ` +
        `${matches.size} matches (${matches.size - matchesBefore} begun meanwhile), ` +
        `${accepted} moves accepted (${(accepted / elapsed).toFixed(0)}/s), statuses ` +
        `${[...statuses].map(([status, n]) => `${status}×${n}`).join(' ')}; ` +
        `${(statements / Math.max(1, accepted)).toFixed(1)} statements per accepted move ` +
        `(all the server sent), ${(cpuMs / Math.max(1, accepted)).toFixed(2)} ms of server CPU per ` +
        `accepted move (${((cpuMs / 1000 / elapsed) * 100).toFixed(0)}% of a core), of which the main ` +
        `thread ${(mainCpuMs / Math.max(1, accepted)).toFixed(2)} ms (${((mainCpuMs / 1000 / elapsed) * 100).toFixed(0)}%; ` +
        `the rest is the agents' searches on worker threads); server RSS ${(rss / 2 ** 20).toFixed(0)} MB; ` +
        // The bots are this process, on the same two cores as the server and its database.
        `the bench's own bots ${(benchCpuMs / Math.max(1, accepted)).toFixed(2)} ms of CPU per accepted move ` +
        `(${((benchCpuMs / 1000 / elapsed) * 100).toFixed(0)}% of a core)`,
    );
    console.log(
      `of the accepted moves, ${acceptedAgainstBots} (${(acceptedAgainstBots / elapsed).toFixed(0)}/s) ` +
        `in matches of two bots, ${accepted - acceptedAgainstBots} ` +
        `(${((accepted - acceptedAgainstBots) / elapsed).toFixed(0)}/s) against an agent (each waits for the agent's search)`,
    );
    console.log(summary('move accepted (POST, 200)', acceptedMs));
    const { name, command } = FIGURE_DATABASES[server.database] ?? {
      name: server.database,
      command: '`npm run -s bench -- bots`',
    };
    const acceptedP99 = percentile(
      acceptedMs.toSorted((a, b) => a - b),
      99,
    );
    console.log(
      figureRowReport({
        figure: `${figureNumber(count)} bots, accepted moves, ${name}`,
        target: name.startsWith('PostgreSQL') ? '≥ 1,000/s, p99 ≤ 100 ms' : '≥ 300/s',
        value: `${figureNumber(accepted / elapsed)}/s, p99 ${acceptedP99.toFixed(1)} ms`,
        command,
      }),
    );
    console.log(
      figureRowReport({
        figure: `statements and server CPU a move, ${name}`,
        target: 'none',
        value:
          `${(statements / Math.max(1, accepted)).toFixed(1)} statements, ` +
          `${(cpuMs / Math.max(1, accepted)).toFixed(2)} ms`,
        command,
      }),
    );
    console.log(summary('every move answer (POST)', acceptMs));
    console.log(summary('move to opponent bot (stream)', deliveryMs));
    if (poolWaitsMs.length > 0) console.log(summary('wait for a pool connection', poolWaitsMs));
    console.log('statements per accepted move, by their first words:');
    for (const [shape, n] of shapes.slice(0, envCount('BOTS_SHAPES', 12)))
      console.log(`${(n / Math.max(1, accepted)).toFixed(2).padStart(7)}  ${shape}`);
  } finally {
    playing = false;
    for (const stream of streams) stream.close();
    await server.stop();
  }
}

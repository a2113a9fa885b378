import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import type { Database } from '#server/db/database.ts';
import type { JudgeMove } from '#server/modules/matches/runner/lateMoveJudge.ts';
import { MatchRunner } from '#server/modules/matches/runner/matchRunner.ts';
import type { MatchRunnerOptions } from '#server/modules/matches/runner/matchRunnerOptions.ts';
import type { Scheduler } from '#server/modules/matches/runner/scheduler.ts';
import { DecisionPool } from '#server/modules/matches/runner/workerPool.ts';
import { signInUsers } from './economyFixtures.ts';
import { createTestWallet, signIn } from './signIn.ts';
import { openSse, type SseConnection } from './sseReader.ts';
import { type RecordedStatement, recordStatements } from './statementRecorder.ts';
import { insertQuickAgents } from './testAgents.ts';
import { createTestApp, type TestApp } from './testApp.ts';
import { openTestDatabase } from './testDatabase.ts';

/** How long a bot has for a move in these tests (BOT_MOVE_TIMEOUT_MS). */
export const BOT_TIMEOUT_MS = 10_000;

/** A bot with its stream open (so online) and its first event: the start of a new match. */
export interface BotInMatch {
  botId: string;
  token: string;
  stream: SseConnection;
  matchId: string;
  side: 'first' | 'second';
  startId: string;
  runner: MatchRunner;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

let counter = 0;
export const uniqueBotName = () => `Bot ${process.pid % 1000}-${counter++}`;

/**
 * What the bot API tests share: an app listening on loopback (bots' streams are real HTTP) whose
 * only schedulable agents are the quick ones (the roster thinks for seconds), a signed-in admin,
 * runners on the app's test clock that never play by themselves, and helpers that register a
 * bot, seat it in a match and play up to its turn. `start` in a beforeAll, `close` in an afterAll.
 */
export class BotTestKit {
  t!: TestApp;
  base = '';
  adminCookie = '';
  pool!: DecisionPool;
  /** The app's clock; timers are the test's to fire (it calls playMove and sweep itself). */
  readonly scheduler: Scheduler = {
    now: () => this.t.clock.now(),
    setTimeout: () => null,
    clearTimeout: () => {},
  };

  /**
   * `env` adds to (or overrides) the kit's own settings, e.g. the stream caps; `statements`, when
   * given, receives every statement the app and runners issue (`recordStatements`);
   * `judgeBotMove`, when given, judges the bots' moves the app stores (`'pool'`: the kit's pool,
   * at the lowest priority, as a server's runner does).
   */
  constructor(
    private readonly kind: 'pglite' | 'postgres',
    private readonly env: Record<string, string> = {},
    private readonly statements?: RecordedStatement[],
    private readonly judgeBotMove?: JudgeMove | 'pool',
  ) {}

  /** The database under a recording one, which the kit then closes itself. */
  private recordedDb: Database | null = null;

  async start(): Promise<void> {
    this.pool = new DecisionPool(1);
    const admin = createTestWallet();
    if (this.statements) this.recordedDb = await openTestDatabase(this.kind);
    this.t = await createTestApp(
      this.kind,
      {
        ADMIN_ADDRESSES: admin.address,
        BOT_MOVE_TIMEOUT_MS: String(BOT_TIMEOUT_MS),
        BOT_MOVE_RATE_LIMIT_PER_MINUTE: '100000',
        // The tests read each stream's next event as the one they wait for: at the default 15 s,
        // a heartbeat came first when a loaded machine took that long to seat a bot. The
        // heartbeat's own behaviour is tested at its own interval (botStreamBackpressure.test.ts).
        BOT_HEARTBEAT_MS: '120000',
        ...this.env,
      },
      this.recordedDb && this.statements
        ? recordStatements(this.recordedDb, this.statements)
        : undefined,
      this.judgeBotMove === 'pool'
        ? { judgeBotMove: (job) => this.pool.judge(job, 'late') }
        : this.judgeBotMove
          ? { judgeBotMove: this.judgeBotMove }
          : {},
    );
    await insertQuickAgents(this.t.db);
    await this.t.db.query(`update agents set hidden = true where kind = 'builtin'`);
    await this.t.app.listen({ port: 0, host: '127.0.0.1' });
    this.base = `http://127.0.0.1:${(this.t.app.server.address() as AddressInfo).port}`;
    this.adminCookie = await signIn(this.t.app, admin);
  }

  async close(): Promise<void> {
    await this.t.close();
    await this.recordedDb?.close();
    await this.pool.close();
  }

  send(method: 'GET' | 'POST' | 'DELETE', url: string, headers: object, body?: unknown) {
    return this.t.app.inject({
      method,
      url,
      headers: {
        ...headers,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
  }

  async newUser() {
    return (await signInUsers(this.t.app, 1))[0]!;
  }

  async register(cookie: string, games = ['connect4']): Promise<{ id: string; token: string }> {
    const response = await this.send(
      'POST',
      '/api/bots',
      { cookie },
      { name: uniqueBotName(), games },
    );
    expect(response.statusCode).toBe(201);
    return response.json();
  }

  /** A runner of Connect Four with no live target: it only seats bots (and what `extra` says). */
  runner(extra: Partial<MatchRunnerOptions> = {}): MatchRunner {
    return new MatchRunner({
      db: this.t.db,
      decider: this.pool,
      ownerId: 'bots-test',
      liveMatches: 0,
      games: ['connect4'],
      moveDelayMs: 0,
      botMoveTimeoutMs: BOT_TIMEOUT_MS,
      onMatchEnd: async () => {},
      scheduler: this.scheduler,
      ...extra,
    });
  }

  openEvents(token: string, headers: Record<string, string> = {}): Promise<SseConnection> {
    return openSse(`${this.base}/api/bot/events`, { ...bearer(token), ...headers });
  }

  /** A new user's new bot, online, seated by a runner's sweep in a Connect Four match. */
  async botInMatch(): Promise<BotInMatch> {
    const { cookie } = await this.newUser();
    const { id: botId, token } = await this.register(cookie);
    const stream = await this.openEvents(token);
    const runner = this.runner();
    await expect
      .poll(async () => {
        await runner.sweep();
        return runner.ownedMatches().length;
      })
      .toBeGreaterThan(0);
    const start = await stream.next();
    expect(start.event).toBe('match-start');
    const data = JSON.parse(start.data);
    expect(data).toMatchObject({ game: 'connect4', moveTimeoutMs: BOT_TIMEOUT_MS });
    expect(data.opponent.id).toMatch(/^quick-/);
    expect(data.legalMoves).toEqual(
      data.side === 'first' ? ['1', '2', '3', '4', '5', '6', '7'] : [],
    );
    return {
      botId,
      token,
      stream,
      matchId: data.matchId,
      side: data.side,
      startId: start.id ?? '',
      runner,
    };
  }

  postMove(token: string, matchId: string, body: unknown) {
    return this.send('POST', `/api/bot/matches/${matchId}/moves`, bearer(token), body);
  }

  /** Until it is the bot's turn: the runner plays the engine's moves; returns the next ply. */
  async untilBotTurn(game: BotInMatch): Promise<number> {
    if (game.side === 'second') {
      expect(await game.runner.playMove(game.matchId)).toBe(true);
      const move = await game.stream.next();
      expect(move.event).toBe('move');
      expect(JSON.parse(move.data)).toMatchObject({ ply: 1, toMove: 'second', side: 'second' });
      return 2;
    }
    return 1;
  }
}

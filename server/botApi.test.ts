import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOT_TOKEN_PATTERN } from '../core/protocol/bots.ts';
import { ledgerHealth } from './db/stores/ledgerHealth.ts';
import { BOT_EVENTS_KEEP_MS } from './events/botEvents.ts';
import { settleMatch } from './modules/bets/settleMatch.ts';
import { hashBotToken } from './modules/bots/botTokens.ts';
import { MatchRunner } from './modules/matches/runner/matchRunner.ts';
import type { Scheduler } from './modules/matches/runner/scheduler.ts';
import { DecisionPool } from './modules/matches/runner/workerPool.ts';
import { findMatch } from './modules/matches/store/matchStore.ts';
import { postBet, signInUsers } from './testing/economyFixtures.ts';
import { createTestWallet, signIn } from './testing/signIn.ts';
import { openSse, type SseConnection } from './testing/sseReader.ts';
import { insertQuickAgents } from './testing/testAgents.ts';
import { createTestApp, type TestApp } from './testing/testApp.ts';
import { testDatabaseKinds } from './testing/testDatabase.ts';

const TIMEOUT_MS = 10_000;
let counter = 0;
const uniqueName = () => `Bot ${process.pid % 1000}-${counter++}`;

let pool: DecisionPool;
beforeAll(() => {
  pool = new DecisionPool(1);
});
afterAll(() => pool.close());

describe.each(testDatabaseKinds())('bots on %s', (kind) => {
  let t: TestApp;
  let base: string;
  let adminCookie: string;
  beforeAll(async () => {
    const admin = createTestWallet();
    t = await createTestApp(kind, {
      ADMIN_ADDRESSES: admin.address,
      BOT_MOVE_TIMEOUT_MS: String(TIMEOUT_MS),
      BOT_MOVE_RATE_LIMIT_PER_MINUTE: '100000',
    });
    await insertQuickAgents(t.db);
    // Only the quick agents meet bots here: the roster thinks for seconds.
    await t.db.query(`update agents set hidden = true where kind = 'builtin'`);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    adminCookie = await signIn(t.app, admin);
  });
  afterAll(() => t.close());

  const send = (method: 'GET' | 'POST' | 'DELETE', url: string, headers: object, body?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: {
        ...headers,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const newUser = async () => (await signInUsers(t.app, 1))[0]!;
  async function register(cookie: string, games = ['connect4']) {
    const response = await send('POST', '/api/bots', { cookie }, { name: uniqueName(), games });
    expect(response.statusCode).toBe(201);
    return response.json() as { id: string; token: string };
  }
  const scheduler: Scheduler = {
    now: () => t.clock.now(),
    setTimeout: () => null,
    clearTimeout: () => {},
  };
  const runner = () =>
    new MatchRunner({
      db: t.db,
      decider: pool,
      ownerId: 'bots-test',
      liveMatches: 0,
      games: ['connect4'],
      moveDelayMs: 0,
      botMoveTimeoutMs: TIMEOUT_MS,
      onMatchEnd: async () => {},
      scheduler,
    });

  it('registers a bot for signed-in users only, with a token shown once and stored as a hash', async () => {
    expect(
      (await send('POST', '/api/bots', {}, { name: 'Nobody', games: ['connect4'] })).statusCode,
    ).toBe(401);
    const { cookie } = await newUser();
    const bad = await send('POST', '/api/bots', { cookie }, { name: 'x', games: [] });
    expect(bad.statusCode).toBe(400);
    const { id, token } = await register(cookie, ['othello', 'connect4']);
    expect(token).toMatch(BOT_TOKEN_PATTERN);
    const { rows } = await t.db.query<{ token_hash: string }>(
      'select token_hash from bots where agent_id = $1',
      [id],
    );
    expect(rows[0]?.token_hash).toBe(hashBotToken(token));
    expect(JSON.stringify(rows)).not.toContain(token);
    const mine = (await send('GET', '/api/bots/mine', { cookie })).json();
    expect(mine.items).toEqual([
      expect.objectContaining({
        id,
        games: ['connect4', 'othello'],
        status: 'active',
        hasToken: true,
        online: false,
      }),
    ]);
    expect(JSON.stringify(mine)).not.toContain(token);
    // A bot is not one of the owner's custom agents, and the custom-agent routes leave it alone.
    expect((await send('GET', '/api/agents/mine', { cookie })).json().items).toEqual([]);
    const me = await send('GET', '/api/bot/me', bearer(token));
    expect(me.json()).toMatchObject({ id, status: 'active' });
  });

  it('regenerates and revokes tokens, retires bots, and lets only the owner or an admin do it', async () => {
    const owner = await newUser();
    const stranger = await newUser();
    const { id, token } = await register(owner.cookie);
    expect(
      (await send('POST', `/api/bots/${id}/token`, { cookie: stranger.cookie })).statusCode,
    ).toBe(403);
    expect((await send('POST', '/api/bots/nope/token', { cookie: owner.cookie })).statusCode).toBe(
      404,
    );
    const renewed = await send('POST', `/api/bots/${id}/token`, { cookie: owner.cookie });
    const next = renewed.json().token as string;
    expect(next).toMatch(BOT_TOKEN_PATTERN);
    expect((await send('GET', '/api/bot/me', bearer(token))).statusCode).toBe(401);
    expect((await send('GET', '/api/bot/me', bearer(next))).statusCode).toBe(200);
    expect(
      (await send('DELETE', `/api/bots/${id}/token`, { cookie: owner.cookie })).statusCode,
    ).toBe(204);
    expect((await send('GET', '/api/bot/me', bearer(next))).statusCode).toBe(401);
    const third = (await send('POST', `/api/bots/${id}/token`, { cookie: adminCookie })).json()
      .token;
    expect((await send('GET', '/api/bot/me', bearer(third))).statusCode).toBe(200);
    // Suspended by an admin: its token is refused until it is let back.
    const suspend = (suspended: boolean, cookie = adminCookie) =>
      send('POST', `/api/admin/bots/${id}/suspension`, { cookie }, { suspended });
    expect((await suspend(true, owner.cookie)).statusCode).toBe(403);
    expect((await suspend(true)).statusCode).toBe(204);
    expect((await send('GET', '/api/bot/me', bearer(third))).statusCode).toBe(401);
    expect((await suspend(false)).statusCode).toBe(204);
    expect((await send('GET', '/api/bot/me', bearer(third))).statusCode).toBe(200);
    expect((await send('DELETE', `/api/bots/${id}`, { cookie: owner.cookie })).statusCode).toBe(
      204,
    );
    expect((await send('GET', '/api/bot/me', bearer(third))).statusCode).toBe(401);
    expect((await send('DELETE', `/api/bots/${id}`, { cookie: owner.cookie })).statusCode).toBe(
      409,
    );
    expect(
      (await send('GET', '/api/bot/events', { authorization: 'Bearer nonsense' })).statusCode,
    ).toBe(401);
  });

  it('limits the active bots of one user', async () => {
    const { cookie } = await newUser();
    for (let index = 0; index < 3; index++) await register(cookie);
    const fourth = await send(
      'POST',
      '/api/bots',
      { cookie },
      { name: uniqueName(), games: ['connect4'] },
    );
    expect(fourth.statusCode).toBe(409);
  });

  it('never seats a bot through the regular pairing: only online, and told of the match', async () => {
    const { cookie } = await newUser();
    const { id } = await register(cookie);
    const regular = new MatchRunner({
      db: t.db,
      decider: pool,
      ownerId: 'bots-test-regular',
      liveMatches: 20,
      games: ['connect4'],
      moveDelayMs: 0,
      scheduler,
    });
    await regular.sweep();
    expect(regular.ownedMatches().length).toBeGreaterThan(0);
    const { rows } = await t.db.query(
      `select 1 from matches where $1 in (first_agent_id, second_agent_id)`,
      [id],
    );
    expect(rows).toEqual([]);
    await t.db.query(`update matches set status = 'cancelled' where owner = 'bots-test-regular'`);
  });

  /** A bot with its stream open (so online) and its first event: the start of a new match. */
  async function botInMatch(): Promise<{
    botId: string;
    token: string;
    stream: SseConnection;
    matchId: string;
    side: 'first' | 'second';
    startId: string;
    runner: MatchRunner;
  }> {
    const { cookie } = await newUser();
    const { id: botId, token } = await register(cookie);
    const stream = await openSse(`${base}/api/bot/events`, bearer(token));
    const theRunner = runner();
    await expect
      .poll(async () => {
        await theRunner.sweep();
        return theRunner.ownedMatches().length;
      })
      .toBeGreaterThan(0);
    const start = await stream.next();
    expect(start.event).toBe('match-start');
    const data = JSON.parse(start.data);
    expect(data).toMatchObject({ game: 'connect4', moveTimeoutMs: TIMEOUT_MS });
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
      runner: theRunner,
    };
  }

  const postMove = (token: string, matchId: string, body: unknown) =>
    send('POST', `/api/bot/matches/${matchId}/moves`, bearer(token), body);

  /** Until it is the bot's turn: the runner plays the engine's moves; returns the next ply. */
  async function untilBotTurn(game: Awaited<ReturnType<typeof botInMatch>>): Promise<number> {
    if (game.side === 'second') {
      expect(await game.runner.playMove(game.matchId)).toBe(true);
      const move = await game.stream.next();
      expect(move.event).toBe('move');
      expect(JSON.parse(move.data)).toMatchObject({ ply: 1, toMove: 'second', side: 'second' });
      return 2;
    }
    return 1;
  }

  it('takes the bot’s moves at its turn, refuses everything else, and answers repeats alike', async () => {
    const game = await botInMatch();
    const ply = await untilBotTurn(game);
    const other = await botInMatch();
    // Refused, changing nothing: bad bodies, another bot's match, a wrong ply, a wrong turn.
    expect((await postMove(game.token, game.matchId, { ply: 'x', move: '4' })).statusCode).toBe(
      400,
    );
    expect((await postMove(game.token, other.matchId, { ply: 1, move: '4' })).statusCode).toBe(404);
    expect((await postMove(game.token, 'no-such-match', { ply: 1, move: '4' })).statusCode).toBe(
      404,
    );
    const wrongPly = await postMove(game.token, game.matchId, { ply: ply + 1, move: '4' });
    expect(wrongPly.statusCode).toBe(409);
    expect(wrongPly.json().error).toContain(`next is ply ${ply}`);
    const before = await findMatch(t.db, game.matchId);

    const accepted = await postMove(game.token, game.matchId, { ply, move: '4' });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ matchId: game.matchId, ply, move: '4', ended: false });
    const repeat = await postMove(game.token, game.matchId, { ply, move: '4' });
    expect(repeat.statusCode).toBe(200);
    expect(repeat.json()).toEqual(accepted.json());
    expect((await postMove(game.token, game.matchId, { ply, move: '5' })).statusCode).toBe(409);
    // Now it is the engine's turn.
    const notYours = await postMove(game.token, game.matchId, { ply: ply + 1, move: '4' });
    expect(notYours.statusCode).toBe(409);
    expect(notYours.json().error).toContain('not this bot');
    const after = await findMatch(t.db, game.matchId);
    expect(after?.moves).toBe(`${before?.moves ?? ''}4`);
    const echo = JSON.parse((await game.stream.next()).data);
    expect(echo).toMatchObject({
      ply,
      move: '4',
      toMove: game.side === 'first' ? 'second' : 'first',
      deadline: null,
    });
    game.stream.close();
    other.stream.close();
  });

  it('survives hostile moves from a real bot: refused, nothing changed, no other match touched', async () => {
    const game = await botInMatch();
    const other = await botInMatch();
    // The engine's turn, so that nothing a bot sends may be taken as its move.
    const ply = await untilBotTurn(game);
    expect((await postMove(game.token, game.matchId, { ply, move: '4' })).statusCode).toBe(200);
    const before = [await findMatch(t.db, game.matchId), await findMatch(t.db, other.matchId)];
    const bodies = fc.oneof(
      fc.jsonValue(),
      fc.record({
        ply: fc.oneof(fc.integer(), fc.double(), fc.string(), fc.constant(null)),
        move: fc.oneof(
          fc.string({ maxLength: 80 }),
          fc.integer(),
          fc.constantFrom('4', 'a1', 'pass', '11-15', '9x18x27'),
        ),
      }),
    );
    const ids = fc.oneof(
      fc.constantFrom(game.matchId, other.matchId, 'x'),
      fc.string({ minLength: 1, maxLength: 70 }).map(encodeURIComponent),
    );
    await fc.assert(
      fc.asyncProperty(ids, bodies, async (id, body) => {
        const response = await postMove(game.token, id, body);
        if (response.statusCode === 200) {
          // Only a repeat of the move the bot already played, answered as the first time.
          expect(response.json()).toMatchObject({ matchId: game.matchId, ply, move: '4' });
          return;
        }
        expect([400, 404, 409]).toContain(response.statusCode);
        expect(typeof response.json().error).toBe('string');
      }),
      { numRuns: 150 },
    );
    expect([await findMatch(t.db, game.matchId), await findMatch(t.db, other.matchId)]).toEqual(
      before,
    );
    game.stream.close();
    other.stream.close();
  });

  it('loses the match on an illegal move at its turn, and on time after its deadline', async () => {
    const game = await botInMatch();
    const ply = await untilBotTurn(game);
    const illegal = await postMove(game.token, game.matchId, { ply, move: '8' });
    expect(illegal.statusCode).toBe(422);
    expect(illegal.json()).toMatchObject({ matchLost: true });
    const lost = await findMatch(t.db, game.matchId);
    expect(lost).toMatchObject({ status: 'finished', result_reason: 'illegal-move' });
    expect(lost?.result).toBe(game.side === 'first' ? 'second' : 'first');
    const end = await game.stream.next();
    expect(end.event).toBe('match-end');
    expect(JSON.parse(end.data)).toMatchObject({ reason: 'illegal-move', status: 'finished' });
    expect(await game.runner.playMove(game.matchId)).toBe(false);
    game.stream.close();

    const slow = await botInMatch();
    const slowPly = await untilBotTurn(slow);
    t.clock.advance(TIMEOUT_MS - 1);
    expect(await slow.runner.playMove(slow.matchId)).toBe(true);
    expect((await findMatch(t.db, slow.matchId))?.status).toBe('live');
    t.clock.advance(2);
    const late = await postMove(slow.token, slow.matchId, { ply: slowPly, move: '4' });
    expect(late.statusCode).toBe(409);
    expect(await slow.runner.playMove(slow.matchId)).toBe(false);
    expect(await findMatch(t.db, slow.matchId)).toMatchObject({
      status: 'finished',
      result_reason: 'timeout',
    });
    const timeoutEnd = await slow.stream.next();
    expect(JSON.parse(timeoutEnd.data)).toMatchObject({ reason: 'timeout' });
    // Rated in its game like any agent.
    const { rows } = await t.db.query<{ losses: number }>(
      `select losses from agent_ratings where agent_id = $1 and game = 'connect4'`,
      [slow.botId],
    );
    expect(rows[0]?.losses).toBe(1);
    slow.stream.close();
  });

  it('resumes after a drop with exactly the events missed (Last-Event-ID)', async () => {
    const game = await botInMatch();
    game.stream.close();
    // While the bot is away the engine moves (and the bot answers over HTTP, as after a crash).
    const ply = game.side === 'second' ? 2 : 1;
    if (game.side === 'second') expect(await game.runner.playMove(game.matchId)).toBe(true);
    expect((await postMove(game.token, game.matchId, { ply, move: '1' })).statusCode).toBe(200);
    expect(await game.runner.playMove(game.matchId)).toBe(true);
    const resumed = await openSse(`${base}/api/bot/events`, {
      ...bearer(game.token),
      'last-event-id': game.startId,
    });
    const plies: number[] = [];
    const ids: number[] = [];
    for (let index = 0; index < ply + 1; index++) {
      const event = await resumed.next();
      expect(event.event).toBe('move');
      plies.push(JSON.parse(event.data).ply);
      ids.push(Number(event.id));
    }
    expect(plies).toEqual(Array.from({ length: ply + 1 }, (_, index) => index + 1));
    expect(ids[0]).toBeGreaterThan(Number(game.startId));
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    // A fresh connection (no Last-Event-ID) starts with the bot's live match, from its start.
    const fresh = await openSse(`${base}/api/bot/events`, bearer(game.token));
    expect((await fresh.next()).id).toBe(game.startId);
    resumed.close();
    fresh.close();
  });

  it('takes bets on a bot match and settles them when the bot loses on time', async () => {
    const { cookie } = await newUser();
    const { id: botId, token } = await register(cookie);
    const stream = await openSse(`${base}/api/bot/events`, bearer(token));
    const announcing = new MatchRunner({
      db: t.db,
      decider: pool,
      ownerId: 'bots-test-bets',
      liveMatches: 0,
      games: ['connect4'],
      moveDelayMs: 0,
      bettingWindowMs: 60_000,
      botMoveTimeoutMs: TIMEOUT_MS,
      onMatchEnd: async (tx, id, now) => {
        await settleMatch(tx, id, 5, now);
      },
      scheduler,
    });
    await expect
      .poll(async () => {
        await announcing.sweep();
        return announcing.ownedMatches().length;
      })
      .toBeGreaterThan(0);
    const start = JSON.parse((await stream.next()).data);
    expect(Date.parse(start.startsAt)).toBe(t.clock.now() + 60_000);
    const [onBot, onEngine] = await signInUsers(t.app, 2);
    const botSide = start.side;
    const engineSide = botSide === 'first' ? 'second' : 'first';
    for (const [bettor, side] of [
      [onBot!, botSide],
      [onEngine!, engineSide],
    ] as const) {
      const bet = await postBet(t.app, bettor.cookie, {
        matchId: start.matchId,
        side,
        amount: 100,
        idempotencyKey: crypto.randomUUID(),
      });
      expect(bet.statusCode).toBe(201);
    }
    // Too early: the match is announced, not started.
    expect((await postMove(token, start.matchId, { ply: 1, move: '4' })).statusCode).toBe(409);
    t.clock.advance(60_000);
    if (botSide === 'second') expect(await announcing.playMove(start.matchId)).toBe(true);
    t.clock.advance(TIMEOUT_MS + 1);
    expect(await announcing.playMove(start.matchId)).toBe(false);
    const ended = await findMatch(t.db, start.matchId);
    expect(ended).toMatchObject({
      status: 'finished',
      result: engineSide,
      result_reason: 'timeout',
    });
    const { rows } = await t.db.query<{ status: string }>(
      'select status from bets where match_id = $1',
      [start.matchId],
    );
    expect(rows.map((row) => row.status).sort()).toEqual(['lost', 'won']);
    expect(await ledgerHealth(t.db)).toMatchObject({ agrees: true, openStakes: 0 });
    // Its owner earns the commission on it like any agent owner: half of 5% of the 200 staked.
    const commission = await t.db.query<{ amount: string }>(
      `select sum(amount)::text as amount from ledger_entries
       where kind = 'commission' and agent_id = $1 and account = 'user'`,
      [botId],
    );
    expect(commission.rows[0]?.amount).toBe('5');
    stream.close();
  });

  // Last in this file: it moves the clock a day on.
  it('drops the bots’ events of matches ended over a day ago, at most once an hour', async () => {
    const eventsOf = async (matchId: string) => {
      const { rows } = await t.db.query<{ count: number }>(
        'select count(*)::int as count from bot_events where match_id = $1',
        [matchId],
      );
      return rows[0]?.count ?? 0;
    };
    const ended = await botInMatch();
    const ply = await untilBotTurn(ended);
    expect((await postMove(ended.token, ended.matchId, { ply, move: '8' })).statusCode).toBe(422);
    ended.stream.close();
    const kept = await eventsOf(ended.matchId);
    expect(kept).toBeGreaterThanOrEqual(2);
    // A minute short of a day: a runner's first sweep prunes, and keeps them.
    t.clock.advance(BOT_EVENTS_KEEP_MS - 60_000);
    const live = await botInMatch();
    expect(await eventsOf(ended.matchId)).toBe(kept);
    // Past the day, a runner that pruned two minutes ago waits for its hour; a new one prunes.
    t.clock.advance(120_000);
    await live.runner.sweep();
    expect(await eventsOf(ended.matchId)).toBe(kept);
    await runner().sweep();
    expect(await eventsOf(ended.matchId)).toBe(0);
    expect(await eventsOf(live.matchId)).toBeGreaterThan(0);
    // The live bot's log still opens at its match.
    const fresh = await openSse(`${base}/api/bot/events`, bearer(live.token));
    expect((await fresh.next()).id).toBe(live.startId);
    fresh.close();
    live.stream.close();
  });
});

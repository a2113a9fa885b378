import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerHealth } from './db/stores/ledgerHealth.ts';
import { BOT_EVENTS_KEEP_MS, pruneBotEvents } from './events/botEvents.ts';
import { settleMatch } from './modules/bets/settleMatch.ts';
import { findMatch } from './modules/matches/store/matchStore.ts';
import { BOT_TIMEOUT_MS, BotTestKit } from './testing/botTestKit.ts';
import { postBet, signInUsers } from './testing/economyFixtures.ts';
import { testDatabaseKinds } from './testing/testDatabase.ts';

// Bots in matches, over the real HTTP API and event stream, with the runner on the test clock.
describe.each(testDatabaseKinds())('bot matches on %s', (kind) => {
  const kit = new BotTestKit(kind);
  beforeAll(() => kit.start());
  afterAll(() => kit.close());

  it('takes the bot’s moves at its turn, refuses everything else, and answers repeats alike', async () => {
    const game = await kit.botInMatch();
    const ply = await kit.untilBotTurn(game);
    const other = await kit.botInMatch();
    // Refused, changing nothing: bad bodies, another bot's match, a wrong ply, a wrong turn.
    expect((await kit.postMove(game.token, game.matchId, { ply: 'x', move: '4' })).statusCode).toBe(
      400,
    );
    expect((await kit.postMove(game.token, other.matchId, { ply: 1, move: '4' })).statusCode).toBe(
      404,
    );
    expect(
      (await kit.postMove(game.token, 'no-such-match', { ply: 1, move: '4' })).statusCode,
    ).toBe(404);
    const wrongPly = await kit.postMove(game.token, game.matchId, { ply: ply + 1, move: '4' });
    expect(wrongPly.statusCode).toBe(409);
    expect(wrongPly.json().error).toContain(`next is ply ${ply}`);
    const before = await findMatch(kit.t.db, game.matchId);

    const accepted = await kit.postMove(game.token, game.matchId, { ply, move: '4' });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ matchId: game.matchId, ply, move: '4', ended: false });
    const repeat = await kit.postMove(game.token, game.matchId, { ply, move: '4' });
    expect(repeat.statusCode).toBe(200);
    expect(repeat.json()).toEqual(accepted.json());
    expect((await kit.postMove(game.token, game.matchId, { ply, move: '5' })).statusCode).toBe(409);
    // Now it is the engine's turn.
    const notYours = await kit.postMove(game.token, game.matchId, { ply: ply + 1, move: '4' });
    expect(notYours.statusCode).toBe(409);
    expect(notYours.json().error).toContain('not this bot');
    const after = await findMatch(kit.t.db, game.matchId);
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
    const game = await kit.botInMatch();
    const other = await kit.botInMatch();
    // The engine's turn, so that nothing a bot sends may be taken as its move.
    const ply = await kit.untilBotTurn(game);
    expect((await kit.postMove(game.token, game.matchId, { ply, move: '4' })).statusCode).toBe(200);
    const before = [
      await findMatch(kit.t.db, game.matchId),
      await findMatch(kit.t.db, other.matchId),
    ];
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
        const response = await kit.postMove(game.token, id, body);
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
    expect([
      await findMatch(kit.t.db, game.matchId),
      await findMatch(kit.t.db, other.matchId),
    ]).toEqual(before);
    game.stream.close();
    other.stream.close();
  });

  it('loses the match on an illegal move at its turn, and on time after its deadline', async () => {
    const game = await kit.botInMatch();
    const ply = await kit.untilBotTurn(game);
    const illegal = await kit.postMove(game.token, game.matchId, { ply, move: '8' });
    expect(illegal.statusCode).toBe(422);
    expect(illegal.json()).toMatchObject({ matchLost: true });
    const lost = await findMatch(kit.t.db, game.matchId);
    expect(lost).toMatchObject({ status: 'finished', result_reason: 'illegal-move' });
    expect(lost?.result).toBe(game.side === 'first' ? 'second' : 'first');
    const end = await game.stream.next();
    expect(end.event).toBe('match-end');
    expect(JSON.parse(end.data)).toMatchObject({ reason: 'illegal-move', status: 'finished' });
    expect(await game.runner.playMove(game.matchId)).toBe(false);
    game.stream.close();

    const slow = await kit.botInMatch();
    const slowPly = await kit.untilBotTurn(slow);
    kit.t.clock.advance(BOT_TIMEOUT_MS - 1);
    expect(await slow.runner.playMove(slow.matchId)).toBe(true);
    expect((await findMatch(kit.t.db, slow.matchId))?.status).toBe('live');
    kit.t.clock.advance(2);
    const late = await kit.postMove(slow.token, slow.matchId, { ply: slowPly, move: '4' });
    expect(late.statusCode).toBe(409);
    expect(await slow.runner.playMove(slow.matchId)).toBe(false);
    expect(await findMatch(kit.t.db, slow.matchId)).toMatchObject({
      status: 'finished',
      result_reason: 'timeout',
    });
    const timeoutEnd = await slow.stream.next();
    expect(JSON.parse(timeoutEnd.data)).toMatchObject({ reason: 'timeout' });
    // Rated in its game like any agent.
    const { rows } = await kit.t.db.query<{ losses: number }>(
      `select losses from agent_ratings where agent_id = $1 and game = 'connect4'`,
      [slow.botId],
    );
    expect(rows[0]?.losses).toBe(1);
    slow.stream.close();
  });

  it('resumes after a drop with exactly the events missed (Last-Event-ID)', async () => {
    const game = await kit.botInMatch();
    game.stream.close();
    // While the bot is away the engine moves (and the bot answers over HTTP, as after a crash).
    const ply = game.side === 'second' ? 2 : 1;
    if (game.side === 'second') expect(await game.runner.playMove(game.matchId)).toBe(true);
    expect((await kit.postMove(game.token, game.matchId, { ply, move: '1' })).statusCode).toBe(200);
    expect(await game.runner.playMove(game.matchId)).toBe(true);
    const resumed = await kit.openEvents(game.token, { 'last-event-id': game.startId });
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
    const fresh = await kit.openEvents(game.token);
    expect((await fresh.next()).id).toBe(game.startId);
    resumed.close();
    fresh.close();
  });

  it('takes bets on a bot match and settles them when the bot loses on time', async () => {
    const { cookie } = await kit.newUser();
    const { id: botId, token } = await kit.register(cookie);
    const stream = await kit.openEvents(token);
    const announcing = kit.runner({
      ownerId: 'bots-test-bets',
      bettingWindowMs: 60_000,
      onMatchEnd: async (tx, id, now) => {
        await settleMatch(tx, id, 5, now);
      },
    });
    await expect
      .poll(async () => {
        await announcing.sweep();
        return announcing.ownedMatches().length;
      })
      .toBeGreaterThan(0);
    const start = JSON.parse((await stream.next()).data);
    expect(Date.parse(start.startsAt)).toBe(kit.t.clock.now() + 60_000);
    const [onBot, onEngine] = await signInUsers(kit.t.app, 2);
    const botSide = start.side;
    const engineSide = botSide === 'first' ? 'second' : 'first';
    for (const [bettor, side] of [
      [onBot!, botSide],
      [onEngine!, engineSide],
    ] as const) {
      const bet = await postBet(kit.t.app, bettor.cookie, {
        matchId: start.matchId,
        side,
        amount: 100,
        idempotencyKey: crypto.randomUUID(),
      });
      expect(bet.statusCode).toBe(201);
    }
    // Too early: the match is announced, not started.
    expect((await kit.postMove(token, start.matchId, { ply: 1, move: '4' })).statusCode).toBe(409);
    kit.t.clock.advance(60_000);
    if (botSide === 'second') expect(await announcing.playMove(start.matchId)).toBe(true);
    kit.t.clock.advance(BOT_TIMEOUT_MS + 1);
    expect(await announcing.playMove(start.matchId)).toBe(false);
    const ended = await findMatch(kit.t.db, start.matchId);
    expect(ended).toMatchObject({
      status: 'finished',
      result: engineSide,
      result_reason: 'timeout',
    });
    const { rows } = await kit.t.db.query<{ status: string }>(
      'select status from bets where match_id = $1',
      [start.matchId],
    );
    expect(rows.map((row) => row.status).sort()).toEqual(['lost', 'won']);
    expect(await ledgerHealth(kit.t.db)).toMatchObject({ agrees: true, openStakes: 0 });
    // Its owner earns the commission on it like any agent owner: half of 5% of the 200 staked.
    const commission = await kit.t.db.query<{ amount: string }>(
      `select sum(amount)::text as amount from ledger_entries
       where kind = 'commission' and agent_id = $1 and account = 'user'`,
      [botId],
    );
    expect(commission.rows[0]?.amount).toBe('5');
    stream.close();
  });

  const eventsOf = async (matchId: string) => {
    const { rows } = await kit.t.db.query<{ count: number }>(
      'select count(*)::int as count from bot_events where match_id = $1',
      [matchId],
    );
    return rows[0]?.count ?? 0;
  };

  it('prunes the bots’ events in batches until none of an ended match is left', async () => {
    const live = await kit.botInMatch();
    const ended = await kit.botInMatch();
    const ply = await kit.untilBotTurn(ended);
    expect((await kit.postMove(ended.token, ended.matchId, { ply, move: '8' })).statusCode).toBe(
      422,
    );
    ended.stream.close();
    expect(await eventsOf(ended.matchId)).toBeGreaterThanOrEqual(2);
    const liveEvents = await eventsOf(live.matchId);
    // one row a statement: only a loop over batches empties the ended match's log
    await pruneBotEvents(kit.t.db, new Date(kit.t.clock.now() + 1), 1);
    expect(await eventsOf(ended.matchId)).toBe(0);
    expect(await eventsOf(live.matchId)).toBe(liveEvents);
    live.stream.close();
  });

  // Last in this file: it moves the clock a day on.
  it('drops the bots’ events of matches ended over a day ago, at most once an hour', async () => {
    const ended = await kit.botInMatch();
    const ply = await kit.untilBotTurn(ended);
    expect((await kit.postMove(ended.token, ended.matchId, { ply, move: '8' })).statusCode).toBe(
      422,
    );
    ended.stream.close();
    const kept = await eventsOf(ended.matchId);
    expect(kept).toBeGreaterThanOrEqual(2);
    // A minute short of a day: a runner's first sweep prunes, and keeps them.
    kit.t.clock.advance(BOT_EVENTS_KEEP_MS - 60_000);
    const live = await kit.botInMatch();
    expect(await eventsOf(ended.matchId)).toBe(kept);
    // Past the day, a runner that pruned two minutes ago waits for its hour; a new one prunes.
    kit.t.clock.advance(120_000);
    await live.runner.sweep();
    expect(await eventsOf(ended.matchId)).toBe(kept);
    await kit.runner().sweep();
    expect(await eventsOf(ended.matchId)).toBe(0);
    expect(await eventsOf(live.matchId)).toBeGreaterThan(0);
    // The live bot's log still opens at its match.
    const fresh = await kit.openEvents(live.token);
    expect((await fresh.next()).id).toBe(live.startId);
    fresh.close();
    live.stream.close();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameOf } from '#core/games/registry.ts';
import { LATE_VERDICT_WAIT_MS, MATCH_EVENT } from '#core/protocol/matches.ts';
import { verdictEventSchema } from '#core/protocol/matchMoves.ts';
import type { MoveVerdictData } from '#core/protocol/moveVerdict.ts';
import type { SseMessage } from '#core/protocol/sseParser.ts';
import type { JudgeJob } from './modules/matches/runner/workerPool.ts';
import { storeLateVerdict } from './modules/matches/store/lateVerdict.ts';
import { type BotInMatch, BotTestKit } from './testing/botTestKit.ts';
import { openSse, type SseConnection } from './testing/sseReader.ts';
import { testDatabaseKinds } from './testing/testDatabase.ts';

/** The verdicts stored on the moves a bot played in a match, by ply. */
async function storedVerdicts(kit: BotTestKit, game: BotInMatch) {
  const { rows } = await kit.t.db.query<{ ply: number; verdict: MoveVerdictData | null }>(
    'select ply, verdict from match_moves where match_id = $1 and agent_id = $2 order by ply',
    [game.matchId, game.botId],
  );
  return new Map(rows.map((row) => [Number(row.ply), row.verdict]));
}

/**
 * The bot plays a column at each of its turns, the runner's engine replying between them;
 * returns the plies it played. Columns 1, 2 and 3, one stone each: no one wins in three moves.
 */
async function playColumns(kit: BotTestKit, game: BotInMatch, columns: string[]) {
  let ply = await kit.untilBotTurn(game);
  const plies: number[] = [];
  for (const [index, move] of columns.entries()) {
    const answer = await kit.postMove(game.token, game.matchId, { ply, move });
    expect(answer.statusCode).toBe(200);
    plies.push(ply);
    if (index < columns.length - 1) {
      expect(await game.runner.playMove(game.matchId)).toBe(true);
      ply += 2;
    }
  }
  return plies;
}

// Bots' moves are judged after they are stored and answered (runner/lateMoveJudge.ts): the
// verdict lands on the row and reaches watchers as a `verdict` event.
describe.each(testDatabaseKinds())("verdicts on bots' moves on %s", (kind) => {
  // The app judges on the kit's own decision thread, at the lowest priority, as a server does.
  const kit = new BotTestKit(kind, {}, undefined, 'pool');
  beforeAll(() => kit.start());
  afterAll(() => kit.close());

  it('judges each move a bot plays, stores the verdict on its row and streams it to watchers', async () => {
    const game = await kit.botInMatch();
    const watcher = await openSse(`${kit.base}/api/matches/${game.matchId}/events`);
    const plies = await playColumns(kit, game, ['1', '2', '3']);
    // Every bot's move gets one verdict event (no event id: it does not move Last-Event-ID).
    const streamed = new Map<number, MoveVerdictData>();
    const moveIds: string[] = [];
    while (streamed.size < plies.length) {
      const event: SseMessage = await watcher.next();
      if (event.event === MATCH_EVENT.move) moveIds.push(event.id ?? '');
      if (event.event !== MATCH_EVENT.verdict) continue;
      expect(event.id).toBeUndefined();
      const verdict = verdictEventSchema.parse(JSON.parse(event.data));
      expect(verdict.matchId).toBe(game.matchId);
      expect(plies).toContain(verdict.ply);
      expect(streamed.has(verdict.ply)).toBe(false);
      streamed.set(verdict.ply, verdict.verdict);
    }
    watcher.close();
    expect(moveIds.length).toBeGreaterThan(0);
    const stored = await storedVerdicts(kit, game);
    expect([...stored.keys()]).toEqual(plies);
    for (const ply of plies) expect(stored.get(ply)).toEqual(streamed.get(ply));
    // A replay reads them from the rows, as it reads an engine's.
    const detail = (await kit.send('GET', `/api/matches/${game.matchId}`, {})).json();
    for (const ply of plies) {
      expect(detail.turns[ply - 1]).toMatchObject({ ply, verdict: streamed.get(ply) });
    }
    game.stream.close();
  });
});

describe.each(testDatabaseKinds())("a bot's answer and its verdict on %s", (kind) => {
  // The judge is held: each job waits until the test lets it go.
  const asked: JudgeJob[] = [];
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const kit = new BotTestKit(kind, {}, undefined, async (job) => {
    asked.push(job);
    await held;
    return judgeNow(job);
  });
  beforeAll(() => kit.start());
  afterAll(() => {
    // a failed test must not leave the judge (and so the app's close) waiting
    release();
    return kit.close();
  });

  it('answers the bot before its move is judged, then stores the verdict', async () => {
    const game = await kit.botInMatch();
    const [ply = 0] = await playColumns(kit, game, ['4']);
    // Answered while the verdict's job is held: the answer never waited for it.
    expect(asked).toEqual([
      expect.objectContaining({
        game: 'connect4',
        move: '4',
        moves: game.side === 'first' ? '' : expect.any(String),
      }),
    ]);
    expect((await storedVerdicts(kit, game)).get(ply)).toBeNull();
    release();
    await expect
      .poll(async () => (await storedVerdicts(kit, game)).get(ply))
      .toMatchObject({
        grade: expect.any(String),
      });
    game.stream.close();
  });
});

/** A verdict as a chances judge gives one, stored by the tests in place of the app's judge. */
const CHANCES_VERDICT: MoveVerdictData = {
  grade: 'good',
  exact: false,
  unit: 'chances',
  best: 50,
  played: 45,
};

/** A job judged as the app's judge would, once the test lets it go. */
function judgeNow(job: JudgeJob) {
  const rules = gameOf(job.game);
  return (
    rules.judge?.(rules.decodeMoves(job.moves), job.move, {
      deadline: Date.now() + job.budgetMs,
      now: Date.now,
    }) ?? null
  );
}

/** The events of a stream until it ends (the server closed it), but spectator counts and pools. */
async function untilEnd(watcher: SseConnection): Promise<SseMessage[]> {
  const events: SseMessage[] = [];
  for (;;) {
    try {
      const event = await watcher.next();
      if (event.event !== MATCH_EVENT.spectators && event.event !== MATCH_EVENT.pools) {
        events.push(event);
      }
    } catch {
      return events;
    }
  }
}

/** The next event named `name`, skipping others (spectators, moves). */
async function nextOf(watcher: SseConnection, name: string): Promise<SseMessage> {
  for (;;) {
    const event = await watcher.next();
    if (event.event === name) return event;
  }
}

// Regression (issue 27): the stream ended with the result, so the verdict on a bot's last move,
// judged after the end, reached an open watch page only on reload.
describe.each(testDatabaseKinds())('late verdicts after the end of a match on %s', (kind) => {
  // Each job is held until the test lets it go.
  const held: (() => void)[] = [];
  const kit = new BotTestKit(kind, {}, undefined, async (job) => {
    await new Promise<void>((resolve) => held.push(resolve));
    return judgeNow(job);
  });
  beforeAll(() => kit.start());
  afterAll(() => {
    for (const release of held.splice(0)) release();
    return kit.close();
  });

  /** A bot's match where the bot plays column 4, then loses on an illegal move; its verdict held. */
  async function endedWithVerdictHeld() {
    const game = await kit.botInMatch();
    const watcher = await openSse(`${kit.base}/api/matches/${game.matchId}/events`);
    const [ply = 0] = await playColumns(kit, game, ['4']);
    expect(await game.runner.playMove(game.matchId)).toBe(true);
    const illegal = await kit.postMove(game.token, game.matchId, { ply: ply + 2, move: '8' });
    expect(illegal.statusCode).toBe(422);
    await expect.poll(() => held.length).toBe(1);
    return { game, watcher, ply, release: held.shift()! };
  }

  it('keeps an open stream after the result until the last verdict, then ends it with `end`', async () => {
    const { game, watcher, ply, release } = await endedWithVerdictHeld();
    const result = await nextOf(watcher, MATCH_EVENT.result);
    expect(JSON.parse(result.data)).toMatchObject({ reason: 'illegal-move' });
    // A page opened after the end, while the verdict is still coming, waits for it too.
    const late = await openSse(`${kit.base}/api/matches/${game.matchId}/events`);
    await nextOf(late, MATCH_EVENT.result);
    release();
    for (const stream of [watcher, late]) {
      const [verdict, end, ...rest] = await untilEnd(stream);
      expect(verdict?.event).toBe(MATCH_EVENT.verdict);
      expect(verdictEventSchema.parse(JSON.parse(verdict!.data))).toMatchObject({
        matchId: game.matchId,
        ply,
      });
      expect(end?.event).toBe(MATCH_EVENT.end);
      expect(JSON.parse(end!.data)).toEqual({ matchId: game.matchId });
      expect(rest).toEqual([]);
    }
    // Landing after the end, it still counts in the bot's accuracy.
    const { rows } = await kit.t.db.query<{ judged_moves: number }>(
      'select judged_moves from agent_ratings where agent_id = $1',
      [game.botId],
    );
    expect(rows).toEqual([{ judged_moves: 1 }]);
    // Opened once every verdict is in: the moves carry them, and it ends at once.
    const after = await untilEnd(await openSse(`${kit.base}/api/matches/${game.matchId}/events`));
    expect(after.map((event) => event.event)).toEqual([
      ...Array.from({ length: ply + 1 }, () => MATCH_EVENT.move),
      MATCH_EVENT.result,
      MATCH_EVENT.end,
    ]);
    expect(JSON.parse(after[ply - 1]!.data)).toMatchObject({ ply, verdict: expect.any(Object) });
    game.stream.close();
  });

  it('sends at the end a verdict stored whose notification it never had', async () => {
    const game = await kit.botInMatch();
    const watcher = await openSse(`${kit.base}/api/matches/${game.matchId}/events`);
    const [ply = 0] = await playColumns(kit, game, ['4']);
    await expect.poll(() => held.length).toBe(1);
    // Stored without its NOTIFY: as one whose notification is still on its way at the end.
    const verdict = CHANCES_VERDICT;
    await kit.t.db.query('update match_moves set verdict = $3 where match_id = $1 and ply = $2', [
      game.matchId,
      ply,
      JSON.stringify(verdict),
    ]);
    expect(await game.runner.playMove(game.matchId)).toBe(true);
    const illegal = await kit.postMove(game.token, game.matchId, { ply: ply + 2, move: '8' });
    expect(illegal.statusCode).toBe(422);
    await nextOf(watcher, MATCH_EVENT.result);
    const [sent, end, ...rest] = await untilEnd(watcher);
    expect(sent?.event).toBe(MATCH_EVENT.verdict);
    expect(JSON.parse(sent!.data)).toEqual({ matchId: game.matchId, ply, verdict });
    expect(end?.event).toBe(MATCH_EVENT.end);
    expect(rest).toEqual([]);
    held.shift()?.();
    game.stream.close();
  });

  it('waits no longer than the wait after the end for a verdict that may never come', async () => {
    const { game, watcher, release } = await endedWithVerdictHeld();
    await nextOf(watcher, MATCH_EVENT.result);
    watcher.close();
    kit.t.clock.advance(LATE_VERDICT_WAIT_MS);
    const events = await untilEnd(await openSse(`${kit.base}/api/matches/${game.matchId}/events`));
    expect(events.slice(-2).map((event) => event.event)).toEqual([
      MATCH_EVENT.result,
      MATCH_EVENT.end,
    ]);
    release();
    game.stream.close();
  });

  // The app's own judge is held, so the row has no verdict but those the test stores (a pool's
  // judge at nice 19 beside busy test files may take seconds, or give none within its budget).
  it('stores a late verdict once: not over one already there, nor on another move at that ply', async () => {
    const game = await kit.botInMatch();
    const [ply = 0] = await playColumns(kit, game, ['4']);
    await expect.poll(() => held.length).toBe(1);
    const verdict: MoveVerdictData = { ...CHANCES_VERDICT, better: '3' };
    const late = { matchId: game.matchId, ply, move: '4', verdict };
    expect(await storeLateVerdict(kit.t.db, { ...late, move: '5' })).toBe(false);
    expect(await storeLateVerdict(kit.t.db, late)).toBe(true);
    // a second process, or a retry, with another verdict: the first one stays
    expect(
      await storeLateVerdict(kit.t.db, { ...late, verdict: { ...verdict, grade: 'best' } }),
    ).toBe(false);
    expect((await storedVerdicts(kit, game)).get(ply)).toEqual(verdict);
    held.shift()?.();
    game.stream.close();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MoveVerdictData } from '#core/protocol/moveVerdict.ts';
import type { Database } from '#server/db/database.ts';
import type { StoredMove } from '#server/modules/matches/store/botMoves.ts';
import { openTestDatabase } from '#server/testing/testDatabase.ts';
import { LateMoveJudge } from './lateMoveJudge.ts';
import type { JudgeJob } from './workerPool.ts';

/** A judge whose every job waits until the test lets the oldest waiting one go. */
function heldJudge() {
  const asked: JudgeJob[] = [];
  const waiting: ((verdict: MoveVerdictData | null) => void)[] = [];
  return {
    asked,
    judge: (job: JudgeJob) => {
      asked.push(job);
      return new Promise<MoveVerdictData | null>((resolve) => waiting.push(resolve));
    },
    /** Lets the oldest held job answer (no verdict), then lets the judge take the next. */
    async answerOne() {
      waiting.shift()?.(null);
      await new Promise((resolve) => setImmediate(resolve));
    },
  };
}

/** The n-th bot's move of a match that does not exist (the verdicts here are never stored). */
const move = (n: number): StoredMove => ({
  matchId: `match-${n}`,
  game: 'connect4',
  ply: 1,
  // told apart by the position, which the judge is given (never judged: it is held)
  movesBefore: String(n),
  move: '4',
});

describe('the judge of bots moves', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openTestDatabase('pglite');
  });
  afterAll(() => db.close());

  it('skips the oldest waiting moves past its cap, judging one at a time', async () => {
    const held = heldJudge();
    const judge = new LateMoveJudge({ db, judge: held.judge, budgetMs: 100, capacity: 4 });
    for (let n = 0; n < 10; n++) judge.enqueue(move(n));
    // One being judged, the cap waiting, the rest skipped: nothing grew past the cap.
    expect(held.asked.map((job) => job.moves)).toEqual(['0']);
    expect(judge.queueLength).toBe(4);
    expect(judge.counts).toMatchObject({ queued: 10, dropped: 5 });
    // A flood while the judge is held: still the cap, the newest kept.
    for (let n = 10; n < 1_000; n++) judge.enqueue(move(n));
    expect(judge.queueLength).toBe(4);
    expect(judge.counts).toMatchObject({ queued: 1_000, dropped: 995 });
    for (let answered = 0; answered < 5; answered++) await held.answerOne();
    await judge.idle();
    expect(held.asked).toEqual(
      [0, 996, 997, 998, 999].map((n) => ({
        game: 'connect4',
        moves: String(n),
        move: '4',
        budgetMs: 100,
      })),
    );
    expect(judge.counts).toEqual({
      queued: 1_000,
      stored: 0,
      unjudged: 5,
      dropped: 995,
      failed: 0,
    });
  });

  it('stops taking moves once stopped, and a failing verdict is counted, not thrown', async () => {
    const errors: unknown[] = [];
    const judge = new LateMoveJudge({
      db,
      judge: () => Promise.reject(new Error('thread lost')),
      budgetMs: 100,
      onError: (error) => errors.push(error),
    });
    judge.enqueue(move(1));
    await judge.idle();
    expect(judge.counts).toMatchObject({ queued: 1, failed: 1 });
    expect(errors).toHaveLength(1);
    judge.stop();
    judge.enqueue(move(2));
    await judge.idle();
    expect(judge.counts).toMatchObject({ queued: 1, failed: 1 });
  });
});

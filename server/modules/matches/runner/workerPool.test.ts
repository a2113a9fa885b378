import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { getPriority } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentTraits } from '#core/agents/traits.ts';
import { GAME_IDS } from '#core/games/gameIds.ts';
import { gameOf } from '#core/games/registry.ts';
import { SEARCH_THREAD_NICE } from './searchPriority.ts';
import { DecisionPool } from './workerPool.ts';

/**
 * Each thread of this process by id with the `field`-th field of its /proc stat line (1-based, as
 * proc(5) numbers them: 19 the nice value, 41 the scheduling class).
 */
function threadStatFields(field: number): Map<string, number> {
  const values = new Map<string, number>();
  for (const tid of readdirSync('/proc/self/task')) {
    try {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'latin1');
      // The fields after the command name (which may hold spaces) start at the third.
      values.set(tid, Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[field - 3]));
    } catch {
      // The thread ended between listing and reading.
    }
  }
  return values;
}

/** Each thread of this process by id with its nice value. */
const threadNices = () => threadStatFields(19);

/** Linux's number for its idle scheduling class (sched.h). */
const SCHED_IDLE = 5;

/** Each thread of this process by id with its scheduling class. */
const threadPolicies = () => threadStatFields(41);

/** Whether util-linux's chrt, which sets the idle class, is here. */
function hasChrt(): boolean {
  try {
    execFileSync('chrt', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** The nice value of the calling thread. */
function ownNice(): number {
  const stat = readFileSync('/proc/thread-self/stat', 'latin1');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
}

/** A position `plies` moves into a game, the moves drawn from `seed`. */
function position(gameId: (typeof GAME_IDS)[number], plies: number, seed: number): string {
  const game = gameOf(gameId);
  let state = game.initial();
  const moves: string[] = [];
  let draw = seed;
  for (let ply = 0; ply < plies; ply++) {
    const legal = game.legalMoves(state);
    if (legal.length === 0) break;
    draw = (Math.imul(draw, 1_103_515_245) + 12_345) >>> 0;
    const move = legal[draw % legal.length] ?? '';
    moves.push(move);
    state = game.play(state, move);
  }
  return game.encodeMoves(moves);
}

// A thread loads tsx and every game before its first search: seconds on a loaded machine.
describe('decision pool', { timeout: 120_000 }, () => {
  let pool: DecisionPool;
  let nicesBefore: Map<string, number>;
  beforeAll(() => {
    if (process.platform === 'linux') nicesBefore = threadNices();
    pool = new DecisionPool(2);
  });
  afterAll(() => pool.close());

  // Linux only; and not where this process already runs at the lowest priority, as under `nice -n 19`.
  it.skipIf(process.platform !== 'linux' || getPriority() >= SEARCH_THREAD_NICE)(
    "runs searches on threads reniced to the lowest priority, and leaves the caller's thread as it was",
    async () => {
      const callerNice = ownNice();
      // Every thread renices itself as it loads; a search on one of them, too, to see it runs.
      await pool.loaded();
      await pool.decide({
        game: 'connect4',
        moves: '',
        traits: { skill: 3, style: 'balanced', risk: 0, thinkTimeMs: 100 },
        seed: 1,
        budgetMs: 200,
      });
      const newThreads = [...threadNices()].filter(([tid]) => !nicesBefore.has(tid));
      const reniced = newThreads.filter(([, nice]) => nice === SEARCH_THREAD_NICE);
      expect(reniced).toHaveLength(pool.size);
      expect(ownNice()).toBe(callerNice);
      expect(callerNice).not.toBe(SEARCH_THREAD_NICE);
    },
  );

  it('plays the move the same search plays on the calling thread, in every game', async () => {
    const traits: AgentTraits[] = [
      { skill: 2, style: 'aggressive', risk: 0.8, thinkTimeMs: 10_000 },
      { skill: 6, style: 'defensive', risk: 0.2, thinkTimeMs: 10_000 },
    ];
    for (const gameId of GAME_IDS) {
      const game = gameOf(gameId);
      for (const [plies, seed] of [
        [0, 7],
        [9, 11],
        [20, 23],
      ] as const) {
        const moves = position(gameId, plies, seed);
        for (const agent of traits) {
          const job = { game: gameId, moves, traits: agent, seed, budgetMs: 20_000 };
          const inProcess = game.decide(game.decodeMoves(moves), agent, {
            seed,
            deadline: Date.now() + job.budgetMs,
            now: Date.now,
          });
          const onThread = await pool.decide(job);
          expect({ gameId, plies, skill: agent.skill, move: onThread.move }).toEqual({
            gameId,
            plies,
            skill: agent.skill,
            move: inProcess.move,
          });
          expect(onThread.trace.nodes).toBe(inProcess.trace.nodes);
        }
      }
    }
  });

  it('judges a move on a thread as the game judges it on the calling thread', async () => {
    const options = { deadline: Number.POSITIVE_INFINITY, now: () => 0 };
    const connect4 = gameOf('connect4');
    const moves = '553632652366215257';
    for (const move of ['1', '4']) {
      const onThread = await pool.judge({ game: 'connect4', moves, move, budgetMs: 20_000 });
      expect(onThread).not.toBeNull();
      expect(onThread).toEqual(connect4.judge?.(connect4.decodeMoves(moves), move, options));
    }
    const checkers = position('checkers', 30, 5);
    const next = gameOf('checkers').legalMoves(
      gameOf('checkers')
        .decodeMoves(checkers)
        .reduce(
          (state, move) => gameOf('checkers').play(state, move),
          gameOf('checkers').initial(),
        ),
    )[0]!;
    // a middle game of checkers: judged by the drop in winning chances, the same on both sides
    const onThread = await pool.judge({
      game: 'checkers',
      moves: checkers,
      move: next,
      budgetMs: 20_000,
    });
    expect(onThread).toMatchObject({ exact: false, unit: 'chances' });
    expect(onThread).toEqual(
      gameOf('checkers').judge?.(gameOf('checkers').decodeMoves(checkers), next, options),
    );
  });
});

describe('an idle decision pool', { timeout: 120_000 }, () => {
  it.skipIf(process.platform !== 'linux' || !hasChrt())(
    "runs its threads in Linux's idle class, the other pools' and the caller's staying as they were",
    async () => {
      const before = threadPolicies();
      const idle = new DecisionPool(1, { idle: true });
      const searches = new DecisionPool(1);
      try {
        await Promise.all([idle.loaded(), searches.loaded()]);
        const added = [...threadPolicies()].filter(([tid]) => !before.has(tid));
        // each pool's thread, and the threads Node starts for them, of which only ours is idle
        expect(added.filter(([, policy]) => policy === SCHED_IDLE)).toHaveLength(1);
        expect([...before.values()].every((policy) => policy !== SCHED_IDLE)).toBe(true);
        // the caller's thread (the stat line's first field is its id) is in the normal class, 0
        const callerId = readFileSync('/proc/thread-self/stat', 'latin1').split(' ')[0]!;
        expect(threadPolicies().get(callerId)).toBe(0);
      } finally {
        await Promise.all([idle.close(), searches.close()]);
      }
    },
  );
});

describe('decision pool priorities', { timeout: 120_000 }, () => {
  it("runs searches first, then engines' verdicts, then late ones (bots' moves)", async () => {
    // One thread, and every job queued before it has loaded: it takes them in priority order.
    const pool = new DecisionPool(1);
    try {
      const order: string[] = [];
      const judgeJob = { game: 'connect4' as const, moves: '44', move: '3', budgetMs: 5_000 };
      const jobs = [
        pool.judge(judgeJob, 'late').then(() => order.push('late verdict')),
        pool.judge(judgeJob).then(() => order.push('verdict')),
        pool
          .decide({
            game: 'connect4',
            moves: '4',
            traits: { skill: 2, style: 'balanced', risk: 0, thinkTimeMs: 100 },
            seed: 1,
            budgetMs: 200,
          })
          .then(() => order.push('search')),
      ];
      await Promise.all(jobs);
      expect(order).toEqual(['search', 'verdict', 'late verdict']);
    } finally {
      await pool.close();
    }
  });
});

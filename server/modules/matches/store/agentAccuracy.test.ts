import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VerdictGrade } from '#core/games/verdict.ts';
import type { MoveVerdictData } from '#core/protocol/moveVerdict.ts';
import type { Database } from '#server/db/database.ts';
import { findAgent } from '#server/db/stores/agentStore.ts';
import { CENTRE_TRACE, insertHouseAgents, insertMatch } from '#server/testing/economyFixtures.ts';
import { openTestDatabase, testDatabaseKinds } from '#server/testing/testDatabase.ts';
import { storeLateVerdict } from './lateVerdict.ts';
import { recordMove } from './matchWriter.ts';

const OWNER = 'accuracy-test';

/** A verdict of `grade` (its values matter not to the counts, only the grade). */
const verdict = (grade: VerdictGrade): MoveVerdictData => ({
  grade,
  exact: true,
  unit: 'plies',
  best: { result: 'win', by: 5 },
  played: { result: 'win', by: 5 },
});

/** A verdict of `grade` from winning chances, which an exact one may replace. */
const chancesVerdict = (grade: VerdictGrade): MoveVerdictData => ({
  grade,
  exact: false,
  unit: 'chances',
  best: 60,
  played: 40,
});

const COLUMNS = ['1', '2', '1', '2', '1', '2', '1'];

/**
 * Plays a Connect Four match through the runner's `recordMove`: the first player stacks column 1
 * and wins on move 7, each move carrying the verdict `grades` gives it. `lastPly` stops it
 * earlier (6: one move short of the end, which `playMove` then plays).
 */
async function playMatch(
  db: Database,
  agents: readonly [string, string],
  grades: readonly (VerdictGrade | MoveVerdictData | null)[],
  lastPly = COLUMNS.length,
): Promise<string> {
  const matchId = await insertMatch(db, agents, 'live');
  await db.query('update matches set owner = $2 where id = $1', [matchId, OWNER]);
  for (let ply = 1; ply <= lastPly; ply++) await playMove(db, matchId, agents, grades, ply);
  return matchId;
}

/** Plays move `ply` of `playMatch`'s game; the seventh ends it. */
async function playMove(
  db: Database,
  matchId: string,
  agents: readonly [string, string],
  grades: readonly (VerdictGrade | MoveVerdictData | null)[],
  ply: number,
): Promise<void> {
  const column = COLUMNS[ply - 1]!;
  const grade = grades[ply - 1] ?? null;
  const recorded = await recordMove(db, {
    matchId,
    owner: OWNER,
    ply,
    move: column,
    agentId: agents[(ply - 1) % 2]!,
    trace: {
      ...CENTRE_TRACE,
      chosen: column,
      candidates: [{ move: column, score: 0 }],
      advantage: 0,
    },
    verdict: typeof grade === 'string' ? verdict(grade) : grade,
    now: new Date(),
    leaseUntil: new Date(Date.now() + 60_000),
  });
  expect(recorded).not.toBeNull();
  if (ply === COLUMNS.length) expect(recorded?.result?.result).toBe('first');
}

/** Each agent's accuracy counters against a recount of every finished match's stored verdicts. */
async function countersAndRecount(db: Database) {
  const { rows } = await db.query<{ agent_id: string; counted: string; recounted: string }>(
    `select r.agent_id, r.judged_moves || '/' || r.accurate_moves as counted,
       (select count(*) || '/' || count(*) filter (where mm.verdict->>'grade' in ('best', 'good'))
        from match_moves mm join matches m on m.id = mm.match_id
        where mm.agent_id = r.agent_id and m.game = r.game and m.status = 'finished'
          and mm.verdict is not null) as recounted
     from agent_ratings r where r.game = 'connect4' order by r.agent_id`,
  );
  return rows;
}

describe.each(testDatabaseKinds())('an agent’s accuracy per game on %s', (kind) => {
  let db: Database;
  beforeAll(async () => {
    db = await openTestDatabase(kind);
  });
  afterAll(() => db?.close());

  it('adds each finished match’s judged moves, and those that kept the value, to its movers', async () => {
    const agents = await insertHouseAgents(db);
    // First player: plies 1, 3, 5, 7 judged, three kept the value; second: plies 2 and 6 judged
    // (4 was not), one kept it.
    await playMatch(db, agents, ['best', 'mistake', 'good', null, 'blunder', 'best', 'best']);
    const accuracy = async (id: string) =>
      (await findAgent(db, id, new Date()))?.standings.find((s) => s.game === 'connect4')?.accuracy;
    expect(await accuracy(agents[0])).toEqual({ judged: 4, accurate: 3 });
    expect(await accuracy(agents[1])).toEqual({ judged: 2, accurate: 1 });

    // A second match adds to the same counts; unjudged moves add nothing.
    await playMatch(db, agents, ['good', null, null, 'blunder', null, 'good', 'inaccuracy']);
    expect(await accuracy(agents[0])).toEqual({ judged: 6, accurate: 4 });
    expect(await accuracy(agents[1])).toEqual({ judged: 4, accurate: 2 });
  });

  it('adds a verdict stored after the end once, and an exact one replacing chances by its change', async () => {
    const agents = await insertHouseAgents(db);
    const accuracy = async (id: string) =>
      (await findAgent(db, id, new Date()))?.standings.find((s) => s.game === 'connect4')?.accuracy;
    const before = [await accuracy(agents[0]), await accuracy(agents[1])];
    // Ply 4 (second player's) unjudged, ply 3 (first's) good by winning chances.
    const matchId = await playMatch(db, agents, [
      null,
      null,
      chancesVerdict('good'),
      null,
      null,
      null,
      null,
    ]);
    const after = [await accuracy(agents[0]), await accuracy(agents[1])];
    expect(after[0]).toEqual({
      judged: before[0]!.judged + 1,
      accurate: before[0]!.accurate + 1,
    });
    expect(after[1]).toEqual(before[1]);

    const late = { matchId, ply: 4, move: '2', verdict: verdict('good') };
    expect(await storeLateVerdict(db, late)).toBe(true);
    // A retry (or a second process) stores and adds nothing.
    expect(await storeLateVerdict(db, late)).toBe(false);
    expect(await accuracy(agents[1])).toEqual({
      judged: after[1]!.judged + 1,
      accurate: after[1]!.accurate + 1,
    });

    // The exact verdict in place of the chances one: one accurate fewer, as many judged.
    const exact = { matchId, ply: 3, move: '1', verdict: verdict('mistake') };
    expect(await storeLateVerdict(db, exact)).toBe(true);
    expect(await storeLateVerdict(db, exact)).toBe(false);
    expect(await accuracy(agents[0])).toEqual({
      judged: after[0]!.judged,
      accurate: after[0]!.accurate - 1,
    });
    for (const row of await countersAndRecount(db)) expect(row.counted).toBe(row.recounted);
  });

  it('takes a deeper chances verdict in place of a shallower one, and no other', async () => {
    const agents = await insertHouseAgents(db);
    const accuracy = async () =>
      (await findAgent(db, agents[0], new Date()))?.standings.find((s) => s.game === 'connect4')
        ?.accuracy;
    const searched = (grade: VerdictGrade, depth?: number): MoveVerdictData => ({
      ...chancesVerdict(grade),
      ...(depth === undefined ? {} : { depth }),
    });
    const stored = async (matchId: string, ply: number) =>
      (
        await db.query<{ verdict: MoveVerdictData }>(
          'select verdict from match_moves where match_id = $1 and ply = $2',
          [matchId, ply],
        )
      ).rows[0]?.verdict;
    // Ply 1 good at depth 6 (the live judge's), ply 3 good from before depths were recorded.
    const matchId = await playMatch(db, agents, [
      searched('good', 6),
      null,
      searched('good'),
      null,
      null,
      null,
      null,
    ]);
    const after = await accuracy();

    // As deep, or shallower: kept. Deeper: it takes the place, the accuracy by its change.
    const at = (ply: number, grade: VerdictGrade, depth: number) => ({
      matchId,
      ply,
      move: COLUMNS[ply - 1]!,
      verdict: searched(grade, depth),
    });
    expect(await storeLateVerdict(db, at(1, 'blunder', 6))).toBe(false);
    expect(await storeLateVerdict(db, at(1, 'blunder', 5))).toBe(false);
    expect(await storeLateVerdict(db, at(1, 'mistake', 9))).toBe(true);
    expect(await stored(matchId, 1)).toMatchObject({ grade: 'mistake', depth: 9 });
    expect(await storeLateVerdict(db, at(1, 'best', 8))).toBe(false);
    // A verdict without a depth is taken as the shallowest.
    expect(await storeLateVerdict(db, at(3, 'best', 2))).toBe(true);
    expect(await accuracy()).toEqual({ judged: after!.judged, accurate: after!.accurate - 1 });

    // Nothing deeper takes the place of an exact verdict.
    expect(await storeLateVerdict(db, { ...at(3, 'good', 0), verdict: verdict('best') })).toBe(
      true,
    );
    expect(await storeLateVerdict(db, at(3, 'blunder', 40))).toBe(false);
    expect(await stored(matchId, 3)).toMatchObject({ exact: true, grade: 'best' });
    for (const row of await countersAndRecount(db)) expect(row.counted).toBe(row.recounted);
  });

  it('counts a verdict stored as its match ends once, by the end or by the late write', async () => {
    const agents = await insertHouseAgents(db);
    // Each match one move short of its end, plies 1 to 6 unjudged.
    const matches = await Promise.all(
      Array.from({ length: 24 }, () => playMatch(db, agents, [], 6)),
    );
    // Every end races its match's six late verdicts.
    await Promise.all(
      matches.flatMap((matchId) => [
        playMove(db, matchId, agents, [], 7),
        ...COLUMNS.slice(0, 6).map((move, index) =>
          storeLateVerdict(db, {
            matchId,
            ply: index + 1,
            move,
            verdict: verdict(index % 3 === 0 ? 'blunder' : 'best'),
          }),
        ),
      ]),
    );
    const rows = await countersAndRecount(db);
    expect(rows.length).toBe(2);
    for (const row of rows) expect(row.counted).toBe(row.recounted);
  });
});

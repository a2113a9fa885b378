import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VerdictGrade } from '../../../../core/games/verdict.ts';
import type { MoveVerdictData } from '../../../../core/protocol/moveVerdict.ts';
import type { Database } from '../../../db/database.ts';
import { findAgent } from '../../../db/stores/agentStore.ts';
import { CENTRE_TRACE, insertHouseAgents, insertMatch } from '../../../testing/economyFixtures.ts';
import { openTestDatabase, testDatabaseKinds } from '../../../testing/testDatabase.ts';
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

/**
 * Plays a Connect Four match through the runner's `recordMove` to its end: the first player
 * stacks column 1 and wins on move 7, each move carrying the verdict `grades` gives it.
 */
async function playMatch(
  db: Database,
  agents: readonly [string, string],
  grades: readonly (VerdictGrade | null)[],
): Promise<void> {
  const matchId = await insertMatch(db, agents, 'live');
  await db.query('update matches set owner = $2 where id = $1', [matchId, OWNER]);
  const columns = ['1', '2', '1', '2', '1', '2', '1'];
  for (const [index, column] of columns.entries()) {
    const grade = grades[index] ?? null;
    const recorded = await recordMove(db, {
      matchId,
      owner: OWNER,
      ply: index + 1,
      move: column,
      agentId: agents[index % 2]!,
      trace: {
        ...CENTRE_TRACE,
        chosen: column,
        candidates: [{ move: column, score: 0 }],
        advantage: 0,
      },
      verdict: grade ? verdict(grade) : null,
      now: new Date(),
      leaseUntil: new Date(Date.now() + 60_000),
    });
    expect(recorded).not.toBeNull();
    if (index === columns.length - 1) expect(recorded?.result?.result).toBe('first');
  }
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
});

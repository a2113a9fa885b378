import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameOf } from '#core/games/registry.ts';
import { replay } from '#core/games/replay.ts';
import { agentDetailSchema } from '#core/protocol/agentDetail.ts';
import { matchDetailSchema } from '#core/protocol/matchMoves.ts';
import { toMatchSummary } from '#server/modules/matches/store/matchRows.ts';
import { findMatchWithMoves } from '#server/modules/matches/store/matchStore.ts';
import { type Database, openDatabase } from './database.ts';
import { migrate } from './migrate.ts';
import { findAgent } from './stores/agentStore.ts';

const MIGRATIONS = new URL('./migrations/', import.meta.url);
const GAMES_MIGRATION = '0300_games.sql';

// A Connect Four match stored before games were generic: a column-number move table, traces
// naming columns as numbers, one rating per agent.
const LEGACY = `
  insert into agents (id, name, traits, rating, deviation, volatility, wins, losses)
    values ('ada', 'Ada', '{"skill":9,"style":"balanced","risk":0.2,"thinkTimeMs":500}', 1620, 80, 0.06, 1, 0),
           ('pip', 'Pip', '{"skill":1,"style":"balanced","risk":0.8,"thinkTimeMs":300}', 1380, 80, 0.06, 0, 1);
  insert into matches (id, status, first_agent_id, second_agent_id, first_rating, second_rating,
      seed, moves, result, started_at, ended_at)
    values ('old', 'finished', 'ada', 'pip', 1500, 1500, 1, '4455667', 'first', now(), now());
  insert into match_moves (match_id, ply, column_number, agent_id, trace, played_at)
    select 'old', n, substr('4455667', n, 1)::int, case when n % 2 = 1 then 'ada' else 'pip' end,
      jsonb_build_object('candidates', jsonb_build_array(
          jsonb_build_object('move', substr('4455667', n, 1)::int, 'score', 3),
          jsonb_build_object('move', 1, 'score', -2)),
        'depth', 4, 'nodes', 100, 'chosen', substr('4455667', n, 1)::int, 'reason', 'plays on'),
      now()
    from generate_series(1, 7) as n;
  insert into rating_history (agent_id, match_id, rating, deviation, volatility, recorded_at)
    values ('ada', 'old', 1620, 80, 0.06, now()), ('pip', 'old', 1380, 80, 0.06, now());`;

describe('the games migration', () => {
  let db: Database;
  let before: string;
  beforeAll(async () => {
    before = await mkdtemp(join(tmpdir(), 'gridmind-migrations-'));
    for (const name of await readdir(MIGRATIONS)) {
      if (name < GAMES_MIGRATION) await cp(new URL(name, MIGRATIONS), join(before, name));
    }
    db = await openDatabase({ dataDir: 'memory://' });
    await migrate(db, pathToFileURL(`${before}/`));
    await db.exec(LEGACY);
    expect(await migrate(db)).toContain(GAMES_MIGRATION);
  });
  afterAll(async () => {
    await db?.close();
    await rm(before, { recursive: true, force: true });
  });

  it('keeps a stored Connect Four match valid and replayable, with its result and traces', async () => {
    const stored = await findMatchWithMoves(db, 'old');
    expect(stored).not.toBeNull();
    const detail = matchDetailSchema.parse({
      ...toMatchSummary(stored!.row),
      turns: stored!.turns,
      spectators: 0,
    });
    expect(detail.game).toBe('connect4');
    expect(detail.reason).toBe('four-in-a-row');
    expect([...(detail.resultCells ?? [])].sort()).toEqual([3, 4, 5, 6]);
    expect(detail.turns.map((turn) => turn.move).join('')).toBe('4455667');
    expect(detail.turns[0]?.trace.candidates).toEqual([
      { move: '4', score: 3 },
      { move: '1', score: -2 },
    ]);
    expect(detail.turns[0]?.trace.chosen).toBe('4');
    const game = gameOf(detail.game);
    expect(game.outcome(replay(game, detail.moves).state)).toMatchObject({ winner: 0 });
  });

  it('carries each agent’s rating and record into its Connect Four standing', async () => {
    const ada = agentDetailSchema.parse(await findAgent(db, 'ada', new Date()));
    expect(ada.standings).toEqual([
      {
        game: 'connect4',
        rating: { rating: 1620, deviation: 80, volatility: 0.06 },
        record: { wins: 1, losses: 0, draws: 0 },
        // no verdicts before they existed
        accuracy: { judged: 0, accurate: 0 },
      },
    ]);
    expect(ada.ratingHistory.map((point) => point.game)).toEqual(['connect4']);
    expect(ada.games).toEqual(['connect4']);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATING_HISTORY_POINTS } from '#core/protocol/agentDetail.ts';
import { LEADERBOARD_SIZE } from '#core/protocol/agents.ts';
import { createTestApp, type TestApp } from '#server/testing/testApp.ts';
import { testDatabaseKinds } from '#server/testing/testDatabase.ts';

// More agents than a leaderboard lists, with ratings in a scrambled order; every seventh hidden
// and every eleventh retired, which no leaderboard lists but a watch page still names.
const AGENTS = LEADERBOARD_SIZE + 60;
const ratingOf = (i: number) => 1000 + ((i * 37) % AGENTS) * 5;
const hiddenAt = (i: number) => i % 7 === 3;
const retiredAt = (i: number) => i % 11 === 5;
const idOf = (i: number) => `lb-${String(i).padStart(3, '0')}`;

describe.each(testDatabaseKinds())('agent lists on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
    const traits = JSON.stringify({ skill: 3, style: 'balanced', risk: 0.2, thinkTimeMs: 100 });
    const all = Array.from({ length: AGENTS }, (_, i) => i);
    await t.db.query(
      `insert into agents (id, name, traits, kind, rating, hidden, retired_at, games)
       select id, id, $2, 'builtin', rating, hidden, case when retired then now() end,
         case when connect4 then '{connect4,othello}'::text[] else '{othello}'::text[] end
       from unnest($1::text[], $3::float8[], $4::bool[], $5::bool[], $6::bool[])
         as u (id, rating, hidden, retired, connect4)`,
      [
        all.map(idOf),
        traits,
        all.map(ratingOf),
        all.map(hiddenAt),
        all.map(retiredAt),
        all.map((i) => i % 2 === 0),
      ],
    );
  });
  afterAll(() => t.close());

  const ids = async (url: string) => {
    const response = await t.app.inject(url);
    expect(response.statusCode).toBe(200);
    return (response.json() as { items: { id: string }[] }).items.map((agent) => agent.id);
  };
  // The expected top, worked out here from the raw rows (the test app's built-in roster is there
  // too), sorted in JavaScript rather than by the store's SQL.
  const expectedTop = async (game?: string) => {
    const { rows } = await t.db.query<{
      id: string;
      rating: number;
      hidden: boolean;
      retired: boolean;
      games: string[];
      game_rating: number | null;
    }>(
      `select a.id, a.rating, a.hidden, a.retired_at is not null as retired, a.games,
         (select r.rating from agent_ratings r where r.agent_id = a.id and r.game = $1) as game_rating
       from agents a`,
      [game ?? ''],
    );
    const standing = (row: (typeof rows)[number]) =>
      game ? (row.game_rating ?? 1500) : row.rating;
    return rows
      .filter((row) => !row.hidden && !row.retired && (!game || row.games.includes(game)))
      .sort((a, b) => standing(b) - standing(a) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
      .slice(0, LEADERBOARD_SIZE)
      .map((row) => row.id);
  };

  it('lists the top of the overall leaderboard only, best first, without hidden or retired agents', async () => {
    const listed = await ids('/api/agents');
    expect(listed).toHaveLength(LEADERBOARD_SIZE);
    expect(listed).toEqual(await expectedTop());
    expect(listed).not.toContain(idOf(3));
  });

  it("lists one game's top among the agents who play it", async () => {
    for (const game of ['connect4', 'othello']) {
      const listed = await ids(`/api/agents?game=${game}`);
      const expected = await expectedTop(game);
      expect(expected.length).toBeGreaterThan(50);
      expect(listed).toEqual(expected);
    }
  });

  it('gives the agents named by id wherever they stand, hidden and retired ones too', async () => {
    const lowest = (await expectedTop()).at(-1);
    const outside = Array.from({ length: AGENTS }, (_, i) => i)
      .filter((i) => !hiddenAt(i) && !retiredAt(i))
      .sort((a, b) => ratingOf(a) - ratingOf(b))
      .map(idOf)[0];
    expect(outside).toBeDefined();
    expect(await ids('/api/agents')).not.toContain(outside);
    const named = [outside, idOf(3), idOf(5), 'nobody', lowest].join(',');
    expect(new Set(await ids(`/api/agents?ids=${named}`))).toEqual(
      new Set([outside, idOf(3), idOf(5), lowest]),
    );
  });

  it('refuses a malformed list request with a clear 400', async () => {
    const tooMany = Array.from({ length: 21 }, (_, i) => idOf(i)).join(',');
    for (const url of [
      `/api/agents?ids=${tooMany}`,
      '/api/agents?ids=',
      `/api/agents?ids=${'x'.repeat(65)}`,
      '/api/agents?ids=lb-001&game=othello',
      '/api/agents?game=chess',
    ]) {
      const response = await t.app.inject(url);
      expect(response.statusCode, url).toBe(400);
      expect(typeof response.json().error, url).toBe('string');
    }
  });

  it("gives an agent's latest ratings, oldest first, however many matches it played", async () => {
    const extra = 5;
    await t.db.query(
      `insert into matches (id, game, status, first_agent_id, second_agent_id, first_rating,
         second_rating, seed, moves, started_at, starts_at)
       select 'hist-' || n, 'othello', 'finished', $1, $2, 1500, 1500, 1, '', now(), now()
       from generate_series(1, $3::int) n`,
      [idOf(0), idOf(1), RATING_HISTORY_POINTS + extra],
    );
    await t.db.query(
      `insert into rating_history (agent_id, match_id, rating, deviation, volatility, recorded_at, game)
       select $1, 'hist-' || n, 1000 + n, 80, 0.06,
         timestamptz '2026-01-01' + n * interval '1 minute', 'othello'
       from generate_series(1, $2::int) n`,
      [idOf(0), RATING_HISTORY_POINTS + extra],
    );
    const response = await t.app.inject(`/api/agents/${idOf(0)}`);
    expect(response.statusCode).toBe(200);
    const history = (response.json() as { ratingHistory: { rating: number }[] }).ratingHistory;
    expect(history).toHaveLength(RATING_HISTORY_POINTS);
    expect(history[0]?.rating).toBe(1000 + extra + 1);
    expect(history.at(-1)?.rating).toBe(1000 + RATING_HISTORY_POINTS + extra);
  });
});

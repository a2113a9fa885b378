import { randomBytes } from 'node:crypto';
import type { Queryable } from '#server/db/database.ts';
import { playRandomGames } from './randomGames.ts';

/** How many rows of each kind to add. */
export interface GrowthSize {
  users: number;
  bets: number;
  matches: number;
  bots: number;
}

/** Called after each batch with what was written so far. */
type Progress = (stage: string, done: number, total: number) => void;

/** Rows one statement writes: big enough to be set-based, small enough for PGlite's memory. */
const BATCH_ROWS = 50_000;
/** Matches one statement writes: each brings about fifty moves. */
const MATCH_BATCH_ROWS = 1_000;
/** Distinct random games the seeded matches replay. */
const DISTINCT_GAMES = 300;
const BOT_TRAITS = JSON.stringify({ skill: 1, style: 'balanced', risk: 0, thinkTimeMs: 100 });

/**
 * Adds `size` rows to a migrated database with set-based SQL (generate_series, in batches):
 * users with their welcome grant, bots (agent rows owned by those users, with tokens and ratings),
 * finished matches that replay real random games move by move, and bets settled on them with
 * their ledger rows. Balances end equal to their ledger sums and every point stays accounted
 * for: a won bet gets its stake back as a payout, a lost one goes to the house, so the ledger
 * health check agrees. Every row carries a fresh tag, so growing twice adds twice.
 */
export async function growDatabase(
  db: Queryable,
  size: GrowthSize,
  onProgress: Progress = () => {},
): Promise<void> {
  if (size.users < 1 || size.bots < 2 || size.bots > size.users) {
    throw new Error('Growing needs at least one user and two bots, and no more bots than users');
  }
  const tag = randomBytes(4).toString('hex');
  const reason = `Seed ${tag}`;
  const userId = (index: string) => `md5('${tag}u' || (${index}))::uuid`;
  const botId = (index: string) => `'seed-${tag}-bot-' || (${index})`;
  const matchId = (index: string) => `'seed-${tag}-' || (${index})`;
  const betId = (index: string) => `md5('${tag}b' || (${index}))::uuid`;

  await inBatches(size.users, 'users', onProgress, BATCH_ROWS, (from, to) =>
    // The welcome grant's ledger row comes from the users' own trigger.
    db.query(
      `insert into users (id, address, nickname, balance, created_at)
       select ${userId('i')}, '0x${tag}' || lpad(to_hex(i), 32, '0'), 'Seed${tag}' || i, 1000,
         now() - make_interval(secs => i)
       from generate_series($1::int, $2::int - 1) i`,
      [from, to],
    ),
  );

  await inBatches(size.bots, 'bots', onProgress, BATCH_ROWS, async (from, to) => {
    await db.query(
      // Registered over the past days, as on an install that grew: a runner's read of the
      // roster's changes (runner/agentRoster.ts) meets them as old rows.
      `insert into agents (id, name, name_key, traits, kind, owner_id, games, created_at,
         roster_changed_at)
       select ${botId('i')}, 'Seedbot ${tag} ' || i, 'seedbot ${tag} ' || i, $3::jsonb, 'bot',
         ${userId('i')}, '{connect4,othello,checkers}', now() - make_interval(secs => 60 + i),
         now() - make_interval(secs => 60 + i)
       from generate_series($1::int, $2::int - 1) i`,
      [from, to, BOT_TRAITS],
    );
    await db.query(
      `insert into bots (agent_id, token_hash, created_at)
       select ${botId('i')}, encode(sha256(convert_to('${tag}t' || i, 'UTF8')), 'hex'), now()
       from generate_series($1::int, $2::int - 1) i`,
      [from, to],
    );
    // Their standing rows in each game come with them (the agents_rating_rows trigger).
  });

  const games = playRandomGames(Math.min(DISTINCT_GAMES, Math.max(size.matches, 1)));
  const gameParams = [
    games.map((game) => game.game),
    games.map((game) => game.encoded),
    games.map((game) => game.result),
    games.map((game) => game.reason),
  ];
  const moveParams = [
    games.flatMap((game, index) => game.moves.map(() => index)),
    games.flatMap((game) => game.moves.map((_, ply) => ply + 1)),
    games.flatMap((game) => game.moves),
    games.flatMap((game) => game.movers),
  ];
  // Seat k plays bot k and k+1: each bot its own owner, so no owner's agents meet.
  const seats = `${botId('i % $3')}, ${botId('(i + 1) % $3')}`;
  await inBatches(size.matches, 'matches', onProgress, MATCH_BATCH_ROWS, async (from, to) => {
    await db.query(
      `insert into matches (id, game, status, first_agent_id, second_agent_id, first_rating,
         second_rating, seed, moves, result, result_reason, started_at, starts_at, ended_at)
       select ${matchId('i')}, g.game, 'finished', ${seats}, 1500, 1500, i, g.moves, g.result,
         g.reason, now() - make_interval(mins => i), now() - make_interval(mins => i),
         now() - make_interval(mins => i) + interval '5 minutes'
       from generate_series($1::int, $2::int - 1) i
         join unnest($4::text[], $5::text[], $6::text[], $7::text[]) with ordinality
           as g (game, moves, result, reason, n) on g.n = i % $8 + 1`,
      [from, to, size.bots, ...gameParams, games.length],
    );
    await db.query(
      `insert into match_moves (match_id, ply, move, agent_id, trace, played_at)
       select ${matchId('i')}, mv.ply, mv.move,
         case when mv.mover = 0 then ${botId('i % $3')} else ${botId('(i + 1) % $3')} end,
         jsonb_build_object('candidates', '[]'::jsonb, 'depth', 0, 'nodes', 0, 'chosen', mv.move,
           'reason', 'Seeded', 'advantage', 0),
         now() - make_interval(mins => i) + make_interval(secs => mv.ply)
       from generate_series($1::int, $2::int - 1) i
         join unnest($4::int[], $5::int[], $6::text[], $7::int[]) as mv (game, ply, move, mover)
           on mv.game = i % $8`,
      [from, to, size.bots, ...moveParams, games.length],
    );
  });

  // A user's stakes stay within the welcome grant whatever they lose.
  const betsPerUser = Math.ceil(size.bets / size.users);
  const maxStake = Math.max(1, Math.min(50, Math.floor(900 / betsPerUser)));
  const sides = `(array['first', 'second', 'draw'])[i % 3 + 1]`;
  await inBatches(
    size.matches > 0 ? size.bets : 0,
    'bets',
    onProgress,
    BATCH_ROWS,
    async (from, to) => {
      await db.query(
        `insert into bets (id, user_id, match_id, side, amount, idempotency_key, status, payout,
         placed_at, settled_at)
       select ${betId('i')}, ${userId('i % $3')}, m.id, ${sides}, 1 + i % $4, 'seed-${tag}-' || i,
         case when ${sides} = m.result then 'won' else 'lost' end,
         case when ${sides} = m.result then 1 + i % $4 else 0 end,
         m.started_at - interval '1 minute', m.ended_at
       from generate_series($1::int, $2::int - 1) i
         join matches m on m.id = ${matchId('i % $5')}`,
        [from, to, size.users, maxStake, size.matches],
      );
      await db.query(
        `insert into ledger_entries (account, user_id, amount, kind, reason, match_id, bet_id,
         created_at)
       select 'user', b.user_id, -b.amount, 'bet', $3, b.match_id, b.id, b.placed_at
       from generate_series($1::int, $2::int - 1) i join bets b on b.id = ${betId('i')}`,
        [from, to, reason],
      );
      await db.query(
        `insert into ledger_entries (account, user_id, amount, kind, reason, match_id, bet_id,
         created_at)
       select 'user', b.user_id, b.payout, 'payout', $3, b.match_id, b.id, b.settled_at
       from generate_series($1::int, $2::int - 1) i join bets b on b.id = ${betId('i')}
       where b.status = 'won'`,
        [from, to, reason],
      );
    },
  );

  onProgress('balances', 0, 1);
  await db.query(
    `insert into ledger_entries (account, amount, kind, reason, match_id, created_at)
     select 'house', sum(amount), 'dust', $1, match_id, max(settled_at) from bets
     where idempotency_key like $2 and status = 'lost' group by match_id`,
    [reason, `seed-${tag}-%`],
  );
  await db.query(
    `update users u set balance = u.balance + d.change
     from (select user_id, sum(amount) as change from ledger_entries
           where reason = $1 and account = 'user' group by user_id) d
     where u.id = d.user_id`,
    [reason],
  );
  onProgress('balances', 1, 1);
  await db.query('analyze');
}

async function inBatches(
  total: number,
  stage: string,
  onProgress: Progress,
  batchRows: number,
  write: (from: number, to: number) => Promise<unknown>,
): Promise<void> {
  for (let from = 0; from < total; from += batchRows) {
    const to = Math.min(total, from + batchRows);
    await write(from, to);
    onProgress(stage, to, total);
  }
}

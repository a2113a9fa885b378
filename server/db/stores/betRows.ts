import { z } from 'zod';
import { type Bet, betSchema } from '#core/protocol/bets.ts';
import type { Queryable } from '#server/db/database.ts';

const timestamp = z.union([z.date(), z.string()]).transform((value) => new Date(value));

/** A `bets` row as read back (bigints as text). */
const betRowSchema = z.object({
  id: z.string(),
  match_id: z.string(),
  side: z.enum(['first', 'second', 'draw']),
  amount: z.coerce.number(),
  status: z.enum(['open', 'won', 'lost', 'refunded']),
  payout: z.coerce.number().nullable(),
  placed_at: timestamp,
  settled_at: timestamp.nullable(),
});

/** Columns to select from `bets b` for `betRowSchema`. */
export const BET_COLUMNS = `b.id::text as id, b.match_id, b.side, b.amount::text as amount, b.status,
  b.payout::text as payout, b.placed_at, b.settled_at`;

/** The wire shape of a bet row. */
export function toBet(raw: unknown): Bet {
  const row = betRowSchema.parse(raw);
  return betSchema.parse({
    id: row.id,
    matchId: row.match_id,
    side: row.side,
    amount: row.amount,
    status: row.status,
    payout: row.payout,
    placedAt: row.placed_at.toISOString(),
    settledAt: row.settled_at?.toISOString() ?? null,
  });
}

/** A user's latest 100 bets, newest first, on every match or on one. */
export async function listUserBets(
  db: Queryable,
  userId: string,
  matchId: string | null,
): Promise<Bet[]> {
  const { rows } = await db.query(
    `select ${BET_COLUMNS} from bets b where b.user_id = $1
       and ($2::text is null or b.match_id = $2) order by b.placed_at desc, b.id limit 100`,
    [userId, matchId],
  );
  return rows.map(toBet);
}

import { getAddress } from 'viem';
import { z } from 'zod';
import { type Profile, type ProfileBet, profileBetSchema } from '#core/protocol/profile.ts';
import type { Queryable } from '#server/db/database.ts';
import { listOwnedAgents } from '#server/db/stores/agentOwnership.ts';
import { BET_COLUMNS, toBet } from '#server/db/stores/betRows.ts';
import { listUserLedger } from '#server/db/stores/ledgerQueries.ts';
import { findUserById } from '#server/db/stores/userStore.ts';

/** Most bets and ledger rows the profile shows. */
const PROFILE_ROWS = 100;

const betMatchSchema = z.object({
  first_name: z.string(),
  second_name: z.string(),
  match_status: z.string(),
  result: z.enum(['first', 'second', 'draw']).nullable(),
});

async function listProfileBets(db: Queryable, userId: string): Promise<ProfileBet[]> {
  const { rows } = await db.query(
    `select ${BET_COLUMNS}, a1.name as first_name, a2.name as second_name,
       m.status as match_status, m.result
     from bets b join matches m on m.id = b.match_id
       join agents a1 on a1.id = m.first_agent_id join agents a2 on a2.id = m.second_agent_id
     where b.user_id = $1 order by b.placed_at desc, b.id limit $2`,
    [userId, PROFILE_ROWS],
  );
  return rows.map((row) => {
    const match = betMatchSchema.parse(row);
    return profileBetSchema.parse({
      ...toBet(row),
      players: [match.first_name, match.second_name],
      matchStatus: match.match_status,
      result: match.result,
    });
  });
}

/** The signed-in user's profile, or null when the user row is gone. */
export async function loadProfile(db: Queryable, userId: string): Promise<Profile | null> {
  const user = await findUserById(db, userId);
  if (!user) return null;
  return {
    userId: user.userId,
    address: getAddress(user.address),
    nickname: user.nickname,
    balance: Number(user.balance),
    isAdmin: user.isAdmin,
    bets: await listProfileBets(db, userId),
    agents: await listOwnedAgents(db, userId),
    ledger: await listUserLedger(db, userId, PROFILE_ROWS),
  };
}

/** Whether someone other than `userId` has this nickname, in any case. */
export async function isNicknameTaken(
  db: Queryable,
  nickname: string,
  userId: string,
): Promise<boolean> {
  const { rows } = await db.query(
    'select 1 from users where lower(nickname) = lower($1) and id <> $2',
    [nickname, userId],
  );
  return rows.length > 0;
}

/** Sets a user's nickname (the unique index settles two people racing for one name). */
export async function setNickname(db: Queryable, userId: string, nickname: string): Promise<void> {
  await db.query('update users set nickname = $2 where id = $1', [userId, nickname]);
}

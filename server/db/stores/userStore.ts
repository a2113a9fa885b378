import type { Queryable } from '#server/db/database.ts';
import { generateNickname } from '#server/modules/users/nickname.ts';

/** Points a new user starts with. */
export const STARTING_BALANCE = 1000n;

/** A user as the API shows it. Balance is exact (bigint in the database). */
export interface UserRecord {
  userId: string;
  address: string;
  nickname: string;
  balance: bigint;
  isAdmin: boolean;
  createdAt: Date;
}

interface UserRow {
  id: string;
  address: string;
  nickname: string;
  balance: string;
  is_admin: boolean;
  created_at: Date;
}

const USER_COLUMNS =
  'id::text as id, address, nickname, balance::text as balance, is_admin, created_at';

const toUser = (row: UserRow): UserRecord => ({
  userId: row.id,
  address: row.address,
  nickname: row.nickname,
  balance: BigInt(row.balance),
  isAdmin: row.is_admin,
  createdAt: row.created_at,
});

/** A nickname for a new user; a statement that meets a taken one draws again. */
export const drawNickname = (): string => generateNickname();

const isUniqueViolation = (error: unknown): boolean =>
  (error as { code?: unknown } | null)?.code === '23505';

/**
 * The user for this address, created at first sign-in with a fresh nickname and the starting
 * balance; isAdmin is re-applied every time so ADMIN_ADDRESSES changes take effect at sign-in.
 */
export async function upsertUserAtSignIn(
  db: Queryable,
  address: string,
  isAdmin: boolean,
): Promise<UserRecord> {
  const lowered = address.toLowerCase();
  for (let attempt = 0; attempt < 8; attempt++) {
    try {
      const { rows } = await db.query<UserRow>(
        `insert into users (address, nickname, balance, is_admin) values ($1, $2, $3, $4)
         on conflict (address) do update set is_admin = excluded.is_admin or users.admin_granted
         returning ${USER_COLUMNS}`,
        [lowered, generateNickname(), STARTING_BALANCE.toString(), isAdmin],
      );
      if (rows[0]) return toUser(rows[0]);
    } catch (error) {
      // Only a nickname collision is worth another draw; the address conflict is handled above.
      if (!isUniqueViolation(error)) throw error;
    }
  }
  throw new Error('Could not find a free nickname');
}

/** One user by id, or null. */
export async function findUserById(db: Queryable, userId: string): Promise<UserRecord | null> {
  const { rows } = await db.query<UserRow>(`select ${USER_COLUMNS} from users where id = $1`, [
    userId,
  ]);
  return rows[0] ? toUser(rows[0]) : null;
}

/**
 * The newest users, or those whose address or nickname contains `search` (case-insensitive),
 * newest first. A search reads the trigram indexes of migration 0910, which need three
 * characters to narrow anything; the route refuses shorter ones.
 */
export async function searchUsers(
  db: Queryable,
  search: string,
  limit: number,
): Promise<UserRecord[]> {
  if (search === '') {
    const { rows } = await db.query<UserRow>(
      `select ${USER_COLUMNS} from users order by created_at desc, users.id limit $1`,
      [limit],
    );
    return rows.map(toUser);
  }
  const pattern = `%${search.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  const { rows } = await db.query<UserRow>(
    `select ${USER_COLUMNS} from users
      where address like $1 or lower(nickname) like $1
      order by created_at desc, users.id limit $2`,
    [pattern, limit],
  );
  return rows.map(toUser);
}

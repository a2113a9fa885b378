import type { Database, Queryable } from '#server/db/database.ts';

/** A Telegram account and the chat the bot tells it in. */
export interface TelegramChat {
  telegramUserId: number;
  chatId: number;
}

/**
 * Links `userId` to a Telegram account and chat. The latest link wins: a link the user, the
 * account or the chat had before is replaced, so each stays linked once (all three unique).
 */
export async function linkChat(
  db: Database,
  userId: string,
  chat: TelegramChat,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query(
      'delete from telegram_links where user_id = $1 or telegram_user_id = $2 or chat_id = $3',
      [userId, chat.telegramUserId, chat.chatId],
    );
    await tx.query(
      `insert into telegram_links (user_id, telegram_user_id, chat_id, linked_at)
       values ($1, $2, $3, $4)`,
      [userId, chat.telegramUserId, chat.chatId, now],
    );
  });
}

/** The chat linked to `userId`, or null. */
export async function findChatOf(db: Queryable, userId: string): Promise<TelegramChat | null> {
  const { rows } = await db.query<{ telegram_user_id: string; chat_id: string }>(
    `select telegram_user_id::text, chat_id::text from telegram_links where user_id = $1`,
    [userId],
  );
  const row = rows[0];
  return row ? { telegramUserId: Number(row.telegram_user_id), chatId: Number(row.chat_id) } : null;
}

/** Unlinks `userId`; answers whether a link was there. */
export async function unlinkUser(db: Queryable, userId: string): Promise<boolean> {
  const { rows } = await db.query('delete from telegram_links where user_id = $1 returning 1', [
    userId,
  ]);
  return rows.length > 0;
}

/** Unlinks whoever `chatId` is linked to (`/stop`, a blocked bot); answers whether one was. */
export async function unlinkChat(db: Queryable, chatId: number): Promise<boolean> {
  const { rows } = await db.query('delete from telegram_links where chat_id = $1 returning 1', [
    chatId,
  ]);
  return rows.length > 0;
}

/** Keeps the SHA-256 of a fresh one-time code for `userId`, good until `expiresAt`. */
export async function insertLinkCode(
  db: Queryable,
  codeHash: Buffer,
  userId: string,
  expiresAt: Date,
): Promise<void> {
  await db.query(
    'insert into telegram_link_codes (code_hash, user_id, expires_at) values ($1, $2, $3)',
    [codeHash, userId, expiresAt],
  );
}

/** What spending a code came to. */
export type CodeRedemption =
  | { kind: 'linked'; userId: string }
  | { kind: 'used' }
  | { kind: 'expired' }
  | { kind: 'unknown' };

/**
 * Spends a one-time code and links its user to `chat`, in one transaction: of two chats racing
 * for one code, the row lock lets one spend it and tells the other it was used.
 */
export async function redeemLinkCode(
  db: Database,
  codeHash: Buffer,
  chat: TelegramChat,
  now: Date,
): Promise<CodeRedemption> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ user_id: string; expires_at: Date; used_at: Date | null }>(
      `select user_id, expires_at, used_at from telegram_link_codes where code_hash = $1
       for update`,
      [codeHash],
    );
    const code = rows[0];
    if (!code) return { kind: 'unknown' };
    if (code.used_at !== null) return { kind: 'used' };
    if (new Date(code.expires_at).getTime() <= now.getTime()) return { kind: 'expired' };
    await tx.query('update telegram_link_codes set used_at = $2 where code_hash = $1', [
      codeHash,
      now,
    ]);
    await tx.query(
      'delete from telegram_links where user_id = $1 or telegram_user_id = $2 or chat_id = $3',
      [code.user_id, chat.telegramUserId, chat.chatId],
    );
    await tx.query(
      `insert into telegram_links (user_id, telegram_user_id, chat_id, linked_at)
       values ($1, $2, $3, $4)`,
      [code.user_id, chat.telegramUserId, chat.chatId, now],
    );
    return { kind: 'linked', userId: code.user_id };
  });
}

/**
 * Claims a webhook update for this process; false when some process already handled it (a
 * redelivery). The claim commits at once, so a handler that fails must {@link releaseUpdate}.
 */
export async function claimUpdate(db: Queryable, updateId: number, now: Date): Promise<boolean> {
  const { rows } = await db.query(
    `insert into telegram_seen_updates (update_id, seen_at) values ($1, $2)
     on conflict (update_id) do nothing returning 1`,
    [updateId, now],
  );
  return rows.length > 0;
}

/** Gives a claimed update back, so Telegram's redelivery of it is handled again. */
export async function releaseUpdate(db: Queryable, updateId: number): Promise<void> {
  await db.query('delete from telegram_seen_updates where update_id = $1', [updateId]);
}

/** Rows deleted per statement when pruning: bounded, repeated by the next prune. */
const PRUNE_BATCH = 1_000;

/** Deletes a batch of updates seen before `seenBefore` and of codes expired before `expiredBefore`. */
export async function pruneTelegramRows(
  db: Queryable,
  seenBefore: Date,
  expiredBefore: Date,
): Promise<void> {
  await db.query(
    `delete from telegram_seen_updates where update_id in (
       select update_id from telegram_seen_updates where seen_at < $1 limit $2)`,
    [seenBefore, PRUNE_BATCH],
  );
  await db.query(
    `delete from telegram_link_codes where code_hash in (
       select code_hash from telegram_link_codes where expires_at < $1 limit $2)`,
    [expiredBefore, PRUNE_BATCH],
  );
}

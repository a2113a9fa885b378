import webPush from 'web-push';
import { z } from 'zod';
import type { Queryable } from '#server/db/database.ts';

/** The server's VAPID key pair, both halves base64url as web-push takes them. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const vapidRowSchema = z.object({ public_key: z.string(), private_key: z.string() });

async function readVapidKeys(db: Queryable): Promise<VapidKeys | null> {
  const { rows } = await db.query('select public_key, private_key from push_vapid_keys where id');
  if (rows.length === 0) return null;
  const row = vapidRowSchema.parse(rows[0]);
  return { publicKey: row.public_key, privateKey: row.private_key };
}

/**
 * The platform's one VAPID key pair, made by whichever process asks first and kept forever:
 * every browser's subscription is bound to the public key, so a second pair would silence them
 * all. Processes racing to make it insert with `on conflict do nothing` and all read the winner's.
 */
export async function loadVapidKeys(db: Queryable, nowMs: number): Promise<VapidKeys> {
  const kept = await readVapidKeys(db);
  if (kept) return kept;
  const made = webPush.generateVAPIDKeys();
  await db.query(
    `insert into push_vapid_keys (id, public_key, private_key, created_at)
     values (true, $1, $2, $3) on conflict (id) do nothing`,
    [made.publicKey, made.privateKey, new Date(nowMs)],
  );
  const winner = await readVapidKeys(db);
  if (!winner) throw new Error('The VAPID key pair was inserted but cannot be read back.');
  return winner;
}

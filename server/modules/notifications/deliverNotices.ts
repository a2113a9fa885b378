import type { Database } from '#server/db/database.ts';
import type { DeliveryChannel, OutgoingNotice, SendOutcome } from '#server/delivery/channel.ts';

/** How deliveries are claimed and retried. */
export interface DeliveryPolicy {
  /** A claimed delivery is another process's to send once this has passed without an answer. */
  leaseMs: number;
  /** The first retry's wait; each further one doubles it, up to `maxBackoffMs`. */
  backoffMs: number;
  maxBackoffMs: number;
  /** After this many attempts a delivery is given up as failed. */
  maxAttempts: number;
}

/**
 * Deliveries claimed, sent side by side, and recorded together: a burst to 10,000 followers is
 * twenty batches, each two statements besides its sends.
 */
const DELIVERIES_PER_PASS = 500;

/** The wait before attempt `attempts + 1`: the policy's backoff, or longer if the channel asks. */
export function retryDelayMs(policy: DeliveryPolicy, attempts: number, askedMs = 0): number {
  const backoff = Math.min(policy.maxBackoffMs, policy.backoffMs * 2 ** Math.max(0, attempts - 1));
  return Math.max(backoff, askedMs);
}

/**
 * Claims due deliveries on the given channels with a short lease (`for update skip locked`, then
 * committed, so the send happens outside any transaction), sends each through its channel and
 * records the outcome. A process killed mid-send leaves its claims pending: when their lease
 * lapses another process sends them again (at least once). A delivery marked sent is never
 * claimed again. Returns how many it claimed.
 */
export async function deliverDueNotices(
  db: Database,
  channels: readonly DeliveryChannel[],
  policy: DeliveryPolicy,
  now: () => number,
): Promise<number> {
  if (channels.length === 0) return 0;
  const claimedAt = new Date(now());
  const leaseUntil = new Date(claimedAt.getTime() + policy.leaseMs);
  const { rows } = await db.query<{
    key: string;
    user_id: string;
    channel: string;
    attempts: number;
    title: string;
    body: string;
    path: string;
  }>(
    `with due as (
       select key from notification_deliveries
       where status = 'pending' and due_at <= $1 and (lease_until is null or lease_until <= $1)
         and channel = any($3::text[])
       order by due_at limit ${DELIVERIES_PER_PASS} for update skip locked)
     update notification_deliveries d set lease_until = $2, attempts = d.attempts + 1
     from due, notifications n
     where d.key = due.key and n.id = d.notification_id
     returning d.key, d.user_id::text, d.channel, d.attempts, n.title, n.body, n.path`,
    [claimedAt, leaseUntil, channels.map((channel) => channel.name)],
  );
  const byName = new Map(channels.map((channel) => [channel.name as string, channel]));
  const outcomes = await Promise.all(
    rows.map((row): Promise<SendOutcome> => {
      const channel = byName.get(row.channel);
      if (!channel) return Promise.resolve({ kind: 'retry', afterMs: 0, reason: 'no channel' });
      const notice: OutgoingNotice = {
        key: row.key,
        userId: row.user_id,
        title: row.title,
        body: row.body,
        path: row.path,
      };
      return channel.send(notice).catch(
        (error: unknown): SendOutcome => ({
          kind: 'retry',
          afterMs: 0,
          reason: error instanceof Error ? error.message : String(error),
        }),
      );
    }),
  );
  await recordOutcomes(db, rows, outcomes, leaseUntil, policy, new Date(now()));
  return rows.length;
}

/**
 * Records a batch's outcomes in two statements: the retries (only while the claim is still ours:
 * a lapsed lease belongs to whoever took it over), and the rest as done, whoever holds the claim
 * now (once sent, never again).
 */
async function recordOutcomes(
  db: Database,
  rows: readonly { key: string; attempts: number }[],
  outcomes: readonly SendOutcome[],
  leaseUntil: Date,
  policy: DeliveryPolicy,
  at: Date,
): Promise<void> {
  const retries: { key: string; dueAt: Date; reason: string }[] = [];
  const done: { key: string; status: string; reason: string | null }[] = [];
  rows.forEach((row, index) => {
    const outcome = outcomes[index];
    if (!outcome) return;
    if (outcome.kind === 'retry' && row.attempts < policy.maxAttempts) {
      const delayMs = retryDelayMs(policy, row.attempts, outcome.afterMs);
      retries.push({
        key: row.key,
        dueAt: new Date(at.getTime() + delayMs),
        reason: outcome.reason,
      });
      return;
    }
    const status =
      outcome.kind === 'sent'
        ? 'sent'
        : outcome.kind === 'no-recipient'
          ? 'no-recipient'
          : 'failed';
    const reason = outcome.kind === 'failed' || outcome.kind === 'retry' ? outcome.reason : null;
    done.push({ key: row.key, status, reason });
  });
  if (retries.length > 0) {
    await db.query(
      `update notification_deliveries d set due_at = r.due_at, lease_until = null,
         last_error = r.reason
       from unnest($1::text[], $2::timestamptz[], $3::text[]) as r(key, due_at, reason)
       where d.key = r.key and d.status = 'pending' and d.lease_until = $4`,
      [
        retries.map((retry) => retry.key),
        retries.map((retry) => retry.dueAt),
        retries.map((retry) => retry.reason),
        leaseUntil,
      ],
    );
  }
  if (done.length > 0) {
    await db.query(
      `update notification_deliveries d set status = r.status, done_at = $4, lease_until = null,
         last_error = coalesce(r.reason, d.last_error)
       from unnest($1::text[], $2::text[], $3::text[]) as r(key, status, reason)
       where d.key = r.key and d.status = 'pending'`,
      [
        done.map((row) => row.key),
        done.map((row) => row.status),
        done.map((row) => row.reason),
        at,
      ],
    );
  }
}

/**
 * The seam between the notifications outbox (server/modules/notifications) and the channels
 * that carry a notice beyond the app: Web Push (server/modules/push) and Telegram
 * (server/modules/telegram). app.ts composes them, so no module imports another.
 */

/** One notice for one user on one channel. */
export interface OutgoingNotice {
  /**
   * Unique per recipient, channel and event (or burst of events): the channel's idempotency key
   * where it has one, and the outbox's guard against sending twice where it has none.
   */
  key: string;
  userId: string;
  title: string;
  body: string;
  /** The page on the site the notice opens, a path such as `/watch/m123`. */
  path: string;
}

/** What a channel did with a notice. */
export type SendOutcome =
  /** Delivered (or handed to the push service / Telegram, which accepted it). */
  | { kind: 'sent' }
  /** The user has no subscription or linked chat on this channel: nothing to do, not an error. */
  | { kind: 'no-recipient' }
  /** A passing refusal (429, 5xx, network): try again no sooner than `afterMs`. */
  | { kind: 'retry'; afterMs: number; reason: string }
  /** Will never succeed as it is (a malformed notice, a bot blocked by the user). */
  | { kind: 'failed'; reason: string };

/** A channel the outbox's worker hands notices to. */
export interface DeliveryChannel {
  readonly name: 'push' | 'telegram';
  send(notice: OutgoingNotice): Promise<SendOutcome>;
}
